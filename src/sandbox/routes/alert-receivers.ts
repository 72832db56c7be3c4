import { type Answer, organizationFromPath, type RequestContext } from './request-context.js';

/** getAlertReceivers: the organization's receivers as the service returns them (never a secret). */
export function getAlertReceivers(context: RequestContext): Answer {
  const organizationId = organizationFromPath(context);
  const results = context.store.seed.alertReceivers
    .filter((r) => r.organization_id === organizationId)
    .map(({ organization_id: _organization, ...receiver }) => receiver);
  return { status: 200, body: { results } };
}
