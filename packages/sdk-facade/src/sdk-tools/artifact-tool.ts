// The `Artifact` tool: publishes a file as a hosted page and manages what was published (listing,
// reading, watching for changes, assets, pins). Each action has its own result shape.

/** Set when an action wrote to an Artifact: the page that changed. */
type ArtifactWritten = { url: string };

/** One file of an `upload_asset` call with several files. */
type ArtifactAssetUploadResult =
  | {
      file_path: string;
      status: 'uploaded';
      id: string;
      url: string;
      size_bytes: number;
      content_type: string;
      sha256?: string;
      file_name: string;
    }
  | {
      file_path: string;
      status: 'failed' | 'not_attempted';
      reason: string;
      message: string;
      may_be_stored?: true;
    };

/** Input of the `Artifact` tool: an action (default `publish`) and the fields it uses. */
export interface ArtifactInput {
  action?:
    | 'publish'
    | 'list'
    | 'read'
    | 'list_types'
    | 'watch'
    | 'unwatch'
    | 'status'
    | 'upload_asset'
    | 'list_assets'
    | 'read_asset'
    | 'delete_asset'
    | 'pin'
    | 'unpin';
  file_path?: string;
  favicon?: string;
  icon?: string;
  limit?: number;
  page_token?: string;
  scope?: 'mine' | 'shared' | 'all';
  title?: string;
  description?: string;
  label?: string;
  url?: string;
  prompt?: string;
  force?: boolean;
  pin?: boolean;
  out_dir?: string;
  /** At least one path when present. */
  file_paths?: [string, ...string[]];
  asset_id?: string;
  after?: string;
  capabilities?: { [k: string]: unknown };
  contract?: 'latest' | string;
}

/**
 * Result of the `Artifact` tool, one shape per action: a publish, a list of Artifacts, a read, a
 * watch, an unwatch, the status of the watches, one or many asset uploads, an asset list, an asset
 * read, an asset deletion, or a pin change.
 */
export type ArtifactOutput =
  | {
      url: string;
      path: string;
      artifact_id?: string;
      title?: string;
      version?: string;
      capabilities?: unknown;
      stored?: {
        contract: string;
        preferredContract?: string;
        capabilities?: { [k: string]: unknown };
        carried?: boolean;
        read?: string;
      };
      warnings?: string[];
      publishesRemaining?: number;
      publishesResetAt?: number;
      contract?: string;
      updated?: boolean;
      owned?: boolean;
      icon?: string;
      faviconSent?: true;
      iconDropped?: true;
      audience?: string;
      folder_audience?: 'others' | 'unknown';
      seq?: number;
      unchanged?: true;
      liveSubscription?: string;
      pinned?: boolean;
    }
  | {
      artifacts: {
        title: string;
        url: string;
        favicon?: string;
        updatedAt?: string;
        rel?: 'mine' | 'shared';
        external?: true;
        role?: 'editor' | 'commenter' | 'reader' | 'viewer';
        outsidersMayHaveWritten?: true;
        listedKind?: string;
        pinned?: boolean;
      }[];
      truncated?: boolean;
      total?: number;
      total_at_least?: true;
      next_page_token?: string;
      pins_enabled?: boolean;
      scope?: 'shared' | 'all';
      external_listed?: true;
    }
  | {
      read: {
        url: string;
        bytes: number;
        code: number;
        codeText: string;
        result: string;
        durationMs: number;
        title?: string;
      };
      owned?: boolean;
      artifactRead?: { slug: string; ver?: string; seeded?: false };
    }
  | {
      watch: {
        url: string;
        watching: boolean;
        outcome: string;
        reason?: string;
        durable_skip_reason?: string;
        task_id?: string;
        since?: number;
        token_expires_at?: number;
        rail?: string;
        trigger_id?: string;
        durable_since?: string;
        status?: number;
        detail?: string;
        note?: string;
        events?: string[];
      };
    }
  | {
      unwatch: { url: string; was_watching: boolean };
    }
  | {
      watches: (
        | {
            url: string;
            task_id: string;
            since: number;
            explicit: boolean;
            connected: boolean;
            connecting?: boolean;
            token_expires_at: number;
            armed_via?: string;
          }
        | {
            url: string;
            rail: 'durable_wake';
            trigger_id: string;
            since: string;
            events?: string[];
            restored?: boolean;
          }
        | {
            url: string;
            rail: 'live_stopped';
            since?: number;
            explicit?: boolean;
            armed_via?: string;
            stop_kind: string;
          }
      )[];
      filter_url?: string;
      arms?: {
        url: string;
        rail?: string;
        state: string;
        reconnect?: boolean;
        failures?: number;
        max_failures?: number;
        next_in_s?: number;
        last_failure?: string;
        reason?: string;
        detail?: string;
        server_message?: string;
        at?: number;
      }[];
    }
  | {
      written?: ArtifactWritten;
      owned?: boolean;
      asset_upload: {
        id: string;
        url: string;
        size_bytes: number;
        content_type: string;
        sha256?: string;
        file_name: string;
      };
    }
  | {
      written?: ArtifactWritten;
      owned?: boolean;
      asset_uploads: {
        url: string;
        /** One result per file, 1 to 25. */
        results: [ArtifactAssetUploadResult, ...ArtifactAssetUploadResult[]];
      };
    }
  | {
      asset_list: {
        url: string;
        /** At most 1,000. */
        assets: {
          id: string;
          url: string;
          content_type: string;
          size_bytes: number;
          sha256?: string;
          created_at: string;
        }[];
        usage: { files: number; bytes: number; max_files: number; max_bytes: number };
        next?: string;
        cowritten?: true;
        outside_writer?: true;
      };
    }
  | {
      asset_read: {
        id: string;
        path: string;
        size_bytes: number;
        content_type: string;
        sha256: string;
        cowritten?: true;
        outside_writer?: true;
        public_read?: true;
        foreign?: true;
      };
    }
  | {
      written?: ArtifactWritten;
      owned?: boolean;
      asset_delete: { id: string; deleted: boolean };
    }
  | {
      pin: { action: 'pin' | 'unpin'; url: string; pinned: boolean; title?: string };
    };
