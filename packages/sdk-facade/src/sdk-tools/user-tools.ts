// The tools that talk to the user: questions with choices, notifications both ways, feedback, and
// the CLI's onboarding prompts.

/** One choice of an `AskUserQuestion` question. */
type QuestionOption = {
  /** The text the user selects (1 to 5 words). */
  label: string;
  /** What choosing it means or does. */
  description: string;
  /** Content shown while the option is focused (a mockup, a snippet). */
  preview?: string;
};

/** One question of `AskUserQuestion`, with two to four choices ("Other" is always added). */
type Question = {
  question: string;
  /** A label of at most 12 characters, shown as a chip. */
  header: string;
  options:
    | [QuestionOption, QuestionOption]
    | [QuestionOption, QuestionOption, QuestionOption]
    | [QuestionOption, QuestionOption, QuestionOption, QuestionOption];
  /** Let the user pick more than one choice. */
  multiSelect: boolean;
};

/**
 * Input of the `AskUserQuestion` tool: one to four questions. A host answering it through
 * `canUseTool` returns the same input with `answers` (question text to the chosen label) filled in.
 */
export interface AskUserQuestionInput {
  questions:
    | [Question]
    | [Question, Question]
    | [Question, Question, Question]
    | [Question, Question, Question, Question];
  /** The user's answers, by question text. */
  answers?: { [k: string]: string };
  /** Per question: the preview the user chose and notes they wrote. */
  annotations?: { [k: string]: { preview?: string; notes?: string } };
  metadata?: { source?: string };
}

/** Result of the `AskUserQuestion` tool: the questions and the user's answers. */
export interface AskUserQuestionOutput {
  questions: Question[];
  answers: { [k: string]: string };
  response?: string;
  annotations?: {
    [k: string]: {
      preview?: string;
      notes?: string;
      /** Why a question has no answer. */
      unanswered?: 'skipped' | 'replied_in_chat' | 'dismissed';
    };
  };
  afkTimeoutMs?: number;
}

/** Input of the `PushNotification` tool: a message for the user's devices. */
export interface PushNotificationInput {
  message: string;
  status?: 'proactive';
}

/** Result of the `PushNotification` tool: where it was sent, or why not. */
export interface PushNotificationOutput {
  message: string;
  pushSent?: boolean;
  localSent?: boolean;
  disabledReason?: 'config_off' | 'user_present' | 'no_transport';
  sentAt?: string;
}

/** Input of the `ReadNotifications` tool (no fields). */
// biome-ignore lint/suspicious/noEmptyInterface: the tool takes no fields; declared as the official declares it
export interface ReadNotificationsInput {}

/** Result of the `ReadNotifications` tool: the queued notifications read, and how many remain. */
export interface ReadNotificationsOutput {
  notifications: {
    notification_id: string;
    origin: string;
    queued_at: string;
    content: string;
    arrived_at?: string;
  }[];
  remaining: number;
  read_at?: string;
}

/** Input of the `SendFeedback` tool: a bug report, an idea or a missing capability. */
export interface SendFeedbackInput {
  type: 'bug' | 'idea' | 'missing_capability';
  title: string;
  details: string;
  area?: string;
  failure_mode?:
    | 'instruction_following'
    | 'destructive_actions'
    | 'code_quality'
    | 'repetition_and_looping'
    | 'model_regression'
    | 'overconfidence_and_hallucination'
    | 'context_and_memory'
    | 'overeager'
    | 'over_correction'
    | 'stopping_short'
    | 'dispute_or_decline'
    | 'subagent_overspawn'
    | 'tone_or_preachiness'
    | 'excessive_questions'
    | 'unwanted_scope'
    | 'other';
  task_category?: 'code_edit' | 'debug' | 'explain' | 'plan' | 'shell' | 'search' | 'review' | 'other';
}

/** Result of the `SendFeedback` tool. */
export interface SendFeedbackOutput {
  success: boolean;
  message: string;
}

/** Input of the onboarding role picker (no fields). */
// biome-ignore lint/suspicious/noEmptyInterface: the tool takes no fields; declared as the official declares it
export interface ShowOnboardingRolePickerInput {}

/** Result of the onboarding role picker: the role chosen, or that it was dismissed. */
export interface ShowOnboardingRolePickerOutput {
  role?: string;
  dismissed?: boolean;
}

/** Input of the `OfferChromeSetup` tool: why the browser extension is offered. */
export interface OfferChromeSetupInput {
  reason?: string;
}

/** Result of the `OfferChromeSetup` tool. */
export interface OfferChromeSetupOutput {
  outcome: 'connected' | 'not_now' | 'no_attempt_yet';
}
