import type { Receiver } from '../model.js';
import { RECEIVER_TYPES } from '../wire.js';
import type { SeedReader } from './seed-reader.js';

/**
 * A receiver of a seed (or arranged by a test), field by field: the e-mail fields only for EMAIL, and
 * nothing else kept, so that the answers built from it hold what the description declares and no more.
 */
export function readReceiverFields(item: SeedReader, createdAt: string): Receiver {
  const type = item.field('type').oneOf(RECEIVER_TYPES);
  const raw = item.object();
  return {
    organization_id: item.field('organization_id').uuid(),
    id: item.field('id').uuid(),
    created_at: createdAt,
    updated_at: item.field('updated_at').optionalTimestamp(),
    type,
    name: item.field('name').string(),
    description: typeof raw.description === 'string' ? raw.description : '',
    send_resolved: item.field('send_resolved').boolean(true),
    owner: nullableText(item, 'owner'),
    severity: nullableText(item, 'severity'),
    email:
      type === 'EMAIL'
        ? {
            to: item.field('to').string(),
            from: item.field('from').string(),
            smarthost: item.field('smarthost').string(),
            auth_username: nullableText(item, 'auth_username'),
            require_tls: item.field('require_tls').boolean(true),
          }
        : null,
  };
}

function nullableText(item: SeedReader, key: string): string | null {
  const value = item.object()[key];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') item.field(key).fail(`expected a string or null, found ${typeof value}`);
  return value as string;
}
