// Tools backed by the user's claude.ai account: Claude Design operations and Projects (a project's
// knowledge files and memory).

/** Input of the `ClaudeDesign` tool: an operation and its arguments. */
export interface ClaudeDesignInput {
  operation: string;
  arguments: { [k: string]: unknown };
}

/** Result of the `ClaudeDesign` tool. */
export interface ClaudeDesignOutput {
  operation: string;
  content: { [k: string]: unknown }[];
  isError?: boolean;
}

/** The methods of the `Projects` tool. */
type ProjectsMethod =
  | 'project_info'
  | 'project_read'
  | 'project_search'
  | 'project_write'
  | 'project_delete'
  | 'project_memory_list'
  | 'project_memory_read';

/** Input of the `Projects` tool: a method and the fields it uses. */
export interface ProjectsInput {
  method: ProjectsMethod;
  path?: string;
  content?: string;
  local_path?: string;
  present_to_user?: boolean;
  query?: string;
  /** How many search hits to return. */
  n?: number;
}

/** Result of the `Projects` tool, by `method`. */
export type ProjectsOutput =
  | {
      method: 'project_info';
      notice?: string;
      local_file?: string;
      name: string;
      description: string;
      instructions: string;
      docs: { path: string; created_at: string | null }[];
      files?: { path: string; file_kind: string; created_at: string | null }[];
      sync_sources?: { type: string | null; config: { [k: string]: unknown } }[];
      knowledge: { knowledge_size: number; max_knowledge_size: number };
    }
  | {
      method: 'project_read';
      notice?: string;
      path: string;
      file_kind?: string;
      content?: string;
      local_file?: string;
      created_at: string | null;
    }
  | {
      method: 'project_search';
      notice?: string;
      /** Whether the search ran over the retrieval index (else `docs` lists the documents). */
      rag: boolean;
      hits?: { name?: string; doc_uuid?: string; text?: string; image_attached?: boolean; page?: number }[];
      docs?: string[];
    }
  | {
      method: 'project_write';
      notice?: string;
      path: string;
      doc_uuid: string;
      replaced: boolean;
      present_to_user?: boolean;
      local_path?: string;
    }
  | {
      method: 'project_delete';
      notice?: string;
      path: string;
      deleted: boolean;
    }
  | {
      method: 'project_memory_list';
      notice?: string;
      files: { path: string; size_bytes: number; updated_at: string | null; truncated: boolean }[];
      truncated: boolean;
    }
  | {
      method: 'project_memory_read';
      notice?: string;
      path: string;
      content?: string;
      local_file?: string;
      size_bytes: number;
      updated_at: string | null;
      truncated: boolean;
    };
