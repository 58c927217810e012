/** The folder holding the `.wat` sources and their generated modules. */
export declare const WASM_SOURCE_DIR: string;
/** Compiles one `.wat` file (SIMD enabled) to validated WebAssembly bytes. */
export declare function compileWat(watPath: string): Promise<Uint8Array>;
/** The TypeScript module that carries `bytes` for the source `watName`. */
export declare function renderGenerated(watName: string, bytes: Uint8Array): string;
/** Path of the generated module for a `.wat` file name. */
export declare function generatedPath(watName: string): string;
