import { createLimiter } from '../core/concurrency.js';
import { ApiError } from '../service/errors.js';
import type { PlatformTemplate, ResolveResponse, ServiceClient } from '../service/types.js';
import { type ComponentTarget, resolveParams } from './component-target.js';
import { classifyFailure } from './failures.js';

export type Resolution =
  | { readonly ok: true; readonly response: ResolveResponse; readonly shared: boolean }
  | { readonly ok: false; readonly error: ApiError; readonly shared: boolean };

/**
 * Sends resolves for one run, spending as few requests as the answers allow:
 * - an identical question (same parameters, same canonical body) is asked once; later documents share
 *   the answer (or the failure);
 * - after a 401 the token is known to be refused, after a 403 the organization is, after a 429 the
 *   client could not wait out the budget is spent, and after a connection failure the client's retries
 *   could not overcome the service is out of reach: further resolves that would meet the same answer are
 *   not sent;
 * - the template list, needed only to explain a 404, is read at most once per organization.
 */
export class ComponentResolver {
  readonly #client: ServiceClient;
  readonly #limit: <T>(task: () => Promise<T>) => Promise<T>;
  readonly #answers = new Map<string, Promise<ResolveResponse>>();
  readonly #denied = new Map<string, ApiError>();
  readonly #templates = new Map<string, Promise<PlatformTemplate[] | ApiError>>();

  constructor(client: ServiceClient, concurrency: number) {
    this.#client = client;
    this.#limit = createLimiter(concurrency);
  }

  async resolve(target: ComponentTarget, organizationId: string): Promise<Resolution> {
    const refused = this.#denied.get('') ?? this.#denied.get(organizationId);
    if (refused) return { ok: false, error: refused, shared: true };
    let answer = this.#answers.get(target.requestKey);
    const shared = answer !== undefined;
    if (!answer) {
      answer = this.#limit(() => this.#send(target, organizationId));
      this.#answers.set(target.requestKey, answer);
    }
    try {
      return { ok: true, response: await answer, shared };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return { ok: false, error, shared };
    }
  }

  /** The organization's templates, or the error that kept us from reading them. */
  templates(organizationId: string): Promise<PlatformTemplate[] | ApiError> {
    let list = this.#templates.get(organizationId);
    if (!list) {
      list = this.#limit(() => this.#client.listPlatformTemplates(organizationId)).catch((error: unknown) => {
        if (error instanceof ApiError) return error;
        throw error;
      });
      this.#templates.set(organizationId, list);
    }
    return list;
  }

  async #send(target: ComponentTarget, organizationId: string): Promise<ResolveResponse> {
    // Re-checked here: a refusal may have arrived while this request waited for a slot.
    const refused = this.#denied.get('') ?? this.#denied.get(organizationId);
    if (refused) throw refused;
    try {
      return await this.#client.resolvePlatformTemplateComponentConfiguration(
        resolveParams(target, organizationId),
        target.request,
      );
    } catch (error) {
      if (error instanceof ApiError) {
        const failure = classifyFailure(error);
        if (failure === 'rate-limited' || failure === 'unreachable' || error.status === 401)
          this.#denied.set('', error);
        else if (error.status === 403) this.#denied.set(organizationId, error);
      }
      throw error;
    }
  }
}
