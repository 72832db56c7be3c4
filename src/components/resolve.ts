import type { Redactor } from '../core/redact.js';
import type { PlatformComponentDocument } from '../documents/types.js';
import type { ServiceClient } from '../service/types.js';
import type { ComponentReport } from './types.js';

export interface ResolveComponentsInput {
  /** Every PlatformComponent document at the head revision. */
  readonly documents: readonly PlatformComponentDocument[];
  /**
   * The same documents at the base revision (pull requests): only those that changed, and those tied to
   * a changed one, are resolved. Null: resolve every document (schedule, dispatch, `--all`, no history).
   */
  readonly baseDocuments: readonly PlatformComponentDocument[] | null;
  readonly client: ServiceClient;
  readonly defaultOrganizationId: string | null;
  readonly concurrency: number;
  /** Sensitive values are registered here before anything is reported. */
  readonly redactor: Redactor;
}

/** Resolves the selected components against the service and maps what it says onto the documents' lines. */
export async function resolveComponents(_input: ResolveComponentsInput): Promise<ComponentReport> {
  throw new Error('resolveComponents: under construction');
}
