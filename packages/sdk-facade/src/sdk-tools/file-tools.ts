// The file tools of Claude Code: Read, Write, Edit, Glob, Grep and NotebookEdit. Field names are the
// CLI's (snake_case in inputs, camelCase in most outputs) because these objects are what the model
// sends and what the CLI reports in `tool_use_result`.

/** The media types the Read tool returns images and PDF page images in. */
type ReadImageMediaType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';

/** One hunk of a unified diff, as the Edit and Write tools report the change they made. */
type PatchHunk = {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  /** The hunk's lines, each prefixed with `' '`, `'-'` or `'+'`. */
  lines: string[];
};

/** What git says about a file the Edit or Write tool changed, when the file is in a repository. */
type FileGitDiff = {
  filename: string;
  status: 'modified' | 'added';
  additions: number;
  deletions: number;
  changes: number;
  patch: string;
  repository?: string | null;
};

/** Input of the `Read` tool: a file to read, optionally a line window or a page range of a PDF. */
export interface FileReadInput {
  /** Absolute path of the file. */
  file_path: string;
  /** First line to read (1-based), for a file too large to read at once. */
  offset?: number;
  /** How many lines to read from `offset`. */
  limit?: number;
  /** Pages of a PDF, such as `"1-5"` or `"3"` (at most 20 pages a call). */
  pages?: string;
  /** Read a text file over the usual size limit, up to what fits in the context. */
  allow_large?: boolean;
}

/**
 * Result of the `Read` tool, by `type`: text, an image, a notebook, a whole PDF, or the pages of a
 * PDF extracted as images (`parts`).
 */
export type FileReadOutput =
  | {
      type: 'text';
      file: {
        filePath: string;
        content: string;
        numLines: number;
        startLine: number;
        totalLines: number;
        /** The whole-file read was cut to its first page because it went over the token cap. */
        truncatedByTokenCap?: boolean;
      };
      /** Set when the read completed a saved Artifact's source file. */
      artifactRead?: { slug: string; ver: string };
    }
  | {
      type: 'image';
      file: {
        base64: string;
        type: ReadImageMediaType;
        /** Size of the file on disk, in bytes. */
        originalSize: number;
        /** Original and displayed sizes in pixels, to map coordinates after a resize. */
        dimensions?: {
          originalWidth?: number;
          originalHeight?: number;
          displayWidth?: number;
          displayHeight?: number;
        };
      };
    }
  | {
      type: 'notebook';
      file: { filePath: string; cells: unknown[] };
    }
  | {
      type: 'pdf';
      file: { filePath: string; base64: string; originalSize: number };
    }
  | {
      type: 'parts';
      file: {
        filePath: string;
        originalSize: number;
        /** Number of pages extracted. */
        count: number;
        /** Folder the page images were written to. */
        outputDir: string;
      };
      /** Page number of the first extracted page (1 when no range was asked for). */
      firstPage?: number;
      /** The page images; present only inside the CLI's process, absent from emitted results. */
      pages?: {
        base64: string;
        mediaType: ReadImageMediaType;
        /** Why the page could not be rendered (then `base64` is empty). */
        error?: string;
      }[];
    };

/** Input of the `Write` tool: the whole new content of a file. */
export interface FileWriteInput {
  /** Absolute path of the file. */
  file_path: string;
  content: string;
}

/** Result of the `Write` tool: whether the file was created or replaced, and the diff. */
export interface FileWriteOutput {
  type: 'create' | 'update';
  filePath: string;
  content: string;
  structuredPatch: PatchHunk[];
  /** The content before the write; `null` for a new file. */
  originalFile: string | null;
  gitDiff?: FileGitDiff;
  /** The user changed the content in the permission dialog before it was written. */
  userModified?: boolean;
  staged?: boolean;
}

/** Input of the `Edit` tool: replace one string (or every occurrence of it) in a file. */
export interface FileEditInput {
  /** Absolute path of the file. */
  file_path: string;
  old_string: string;
  /** Must differ from `old_string`. */
  new_string: string;
  /** Replace every occurrence instead of exactly one (default `false`). */
  replace_all?: boolean;
}

/** Result of the `Edit` tool: what was replaced and the diff. */
export interface FileEditOutput {
  filePath: string;
  oldString: string;
  newString: string;
  originalFile: string | null;
  structuredPatch: PatchHunk[];
  userModified: boolean;
  replaceAll: boolean;
  gitDiff?: FileGitDiff;
  staged?: boolean;
}

/** Input of the `Glob` tool: a glob pattern, and the folder to match in (default: the cwd). */
export interface GlobInput {
  pattern: string;
  path?: string;
}

/** Result of the `Glob` tool: the matching paths. */
export interface GlobOutput {
  durationMs: number;
  numFiles: number;
  filenames: string[];
  truncated: boolean;
  totalMatches?: number;
  countIsComplete?: boolean;
  timedOut?: boolean;
}

/** Input of the `Grep` tool (ripgrep): the dash-named keys are ripgrep's own flags. */
export interface GrepInput {
  /** A regular expression. */
  pattern: string;
  /** File or folder to search (default: the cwd). */
  path?: string;
  /** Glob filter on file names (`rg --glob`). */
  glob?: string;
  /** Matching lines, matching file paths (the default) or counts per file. */
  output_mode?: 'content' | 'files_with_matches' | 'count';
  '-B'?: number;
  '-A'?: number;
  '-C'?: number;
  /** Lines of context before and after each match (`content` mode). */
  context?: number;
  '-n'?: boolean;
  '-i'?: boolean;
  '-o'?: boolean;
  /** A ripgrep file type (`rg --type`), such as `js` or `py`. */
  type?: string;
  /** Keep the first N lines or entries (default 250; 0 for all). */
  head_limit?: number;
  /** Skip the first N lines or entries before `head_limit`. */
  offset?: number;
  /** Let `.` match newlines and patterns span lines (`rg -U --multiline-dotall`). */
  multiline?: boolean;
}

/** Result of the `Grep` tool; which fields are set depends on the output mode. */
export interface GrepOutput {
  mode?: 'content' | 'files_with_matches' | 'count';
  numFiles: number;
  filenames: string[];
  content?: string;
  numLines?: number;
  numMatches?: number;
  totalFiles?: number;
  totalLines?: number;
  appliedLimit?: number;
  appliedOffset?: number;
  timedOut?: boolean;
}

/** Input of the `NotebookEdit` tool: replace, insert or delete one cell of a Jupyter notebook. */
export interface NotebookEditInput {
  /** Absolute path of the `.ipynb` file. */
  notebook_path: string;
  /** The cell to edit; on insert, the new cell goes after it (or first when absent). */
  cell_id?: string;
  new_source: string;
  /** Required on insert; otherwise defaults to the cell's current type. */
  cell_type?: 'code' | 'markdown';
  /** Default `replace`. */
  edit_mode?: 'replace' | 'insert' | 'delete';
}

/** Result of the `NotebookEdit` tool: the cell's sources and the notebook before and after. */
export interface NotebookEditOutput {
  new_source: string;
  old_source?: string;
  cell_id?: string;
  cell_type: 'code' | 'markdown';
  language: string;
  edit_mode: string;
  error?: string;
  notebook_path: string;
  original_file: string;
  updated_file: string;
}
