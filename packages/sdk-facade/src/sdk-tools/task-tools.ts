// The tools that keep the session's task list: TodoWrite (the whole list at once) and the task tools
// that create, read, update and list one task at a time.

/** The states of a todo or a task. */
type TaskStatus = 'pending' | 'in_progress' | 'completed';

/** One todo of the `TodoWrite` list. */
type TodoItem = {
  content: string;
  status: TaskStatus;
  /** The todo in the present continuous ("Running the tests"), shown while it is in progress. */
  activeForm: string;
};

/** Input of the `TodoWrite` tool: the whole updated todo list. */
export interface TodoWriteInput {
  todos: TodoItem[];
}

/** Result of the `TodoWrite` tool: the list before and after. */
export interface TodoWriteOutput {
  oldTodos: TodoItem[];
  newTodos: TodoItem[];
}

/** Input of the `TaskCreate` tool. */
export interface TaskCreateInput {
  subject: string;
  description: string;
  activeForm?: string;
  metadata?: { [k: string]: unknown };
}

/** Result of the `TaskCreate` tool: the new task. */
export interface TaskCreateOutput {
  task: { id: string; subject: string; description?: string };
}

/** Input of the `TaskGet` tool. */
export interface TaskGetInput {
  taskId: string;
}

/** Result of the `TaskGet` tool: the task, or `null` when there is none with that id. */
export interface TaskGetOutput {
  task: {
    id: string;
    subject: string;
    description: string;
    status: TaskStatus;
    /** Tasks this one blocks, and tasks that block it. */
    blocks: string[];
    blockedBy: string[];
  } | null;
}

/** Input of the `TaskUpdate` tool: the fields to change (`deleted` removes the task). */
export interface TaskUpdateInput {
  taskId: string;
  subject?: string;
  description?: string;
  activeForm?: string;
  status?: TaskStatus | 'deleted';
  addBlocks?: string[];
  addBlockedBy?: string[];
  owner?: string;
  metadata?: { [k: string]: unknown };
}

/** Result of the `TaskUpdate` tool: which fields changed. */
export interface TaskUpdateOutput {
  success: boolean;
  taskId: string;
  updatedFields: string[];
  error?: string;
  statusChange?: { from: string; to: string };
}

/** Input of the `TaskList` tool (no fields). */
// biome-ignore lint/suspicious/noEmptyInterface: the tool takes no fields; declared as the official declares it
export interface TaskListInput {}

/** Result of the `TaskList` tool: every task. */
export interface TaskListOutput {
  tasks: {
    id: string;
    subject: string;
    status: TaskStatus;
    owner?: string;
    blockedBy: string[];
  }[];
}
