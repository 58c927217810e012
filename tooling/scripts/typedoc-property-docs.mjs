// TypeDoc plugin for `pnpm run docs`: in the packages named by `propertyDocsPackages`, every property
// (an interface or class field, a member of an exported object type) must carry a comment too.
// TypeDoc's own check covers declarations in every package; this one holds the packages whose fields
// are all documented to that level, so they cannot slip back. Add a package once its fields are done.
import { Application, ParameterType, ReflectionKind } from 'typedoc';

/** Registers the option and the check. */
export function load(app) {
  app.options.addDeclaration({
    name: 'propertyDocsPackages',
    help: 'Packages in which every property must be documented.',
    type: ParameterType.Array,
    defaultValue: [],
  });
  app.on(Application.EVENT_VALIDATE_PROJECT, (project) => {
    const required = new Set(app.options.getValue('propertyDocsPackages'));
    if (required.size === 0) return;
    const reported = new Set();
    for (const reflection of project.getReflectionsByKind(ReflectionKind.Property)) {
      if (reflection.hasComment() || insideParameter(reflection)) continue;
      const symbol = project.getSymbolIdFromReflection(reflection);
      if (symbol === undefined || !required.has(symbol.packageName)) continue;
      const where = `${symbol.packageName}/${symbol.packagePath}`;
      const key = `${where}:${symbol.qualifiedName}`;
      if (reported.has(key)) continue;
      reported.add(key);
      app.logger.validationWarning(
        `${reflection.getFriendlyFullName()} (Property), defined in ${where}, has no comment; ` +
          `every property of ${symbol.packageName} must be documented`,
      );
    }
  });
}

/** True for a member of a parameter's inline type: documented with its parameter. */
function insideParameter(reflection) {
  for (let parent = reflection.parent; parent !== undefined; parent = parent.parent) {
    if (parent.kindOf(ReflectionKind.Parameter)) return true;
  }
  return false;
}
