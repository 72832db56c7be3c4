/** Platform templates, component resolution and field descriptors. Part of the service's types (src/service/types.ts says how they are written). */

import type { Open } from './open.js';

export const CLUSTER_MODES = ['QOVERY_MANAGED', 'CUSTOMER_MANAGED'] as const;
export type ClusterMode = (typeof CLUSTER_MODES)[number];

export const CLOUD_PROVIDERS = [
  'AWS',
  'SCW',
  'GCP',
  'DO',
  'AZURE',
  'OVH',
  'CIVO',
  'HETZNER',
  'ORACLE',
  'IBM',
  'UNKNOWN',
] as const;
export type CloudProvider = (typeof CLOUD_PROVIDERS)[number];

export interface ClusterContext {
  readonly clusterMode: ClusterMode;
  readonly cloudProvider: CloudProvider;
}

export interface ResolveParams extends ClusterContext {
  readonly organizationId: string;
  readonly templateKey: string;
  readonly templateVersion: string;
  readonly componentKey: string;
}

export interface ResolveRequest {
  readonly profileConfig?: Readonly<Record<string, unknown>>;
  readonly clusterInputs?: Readonly<Record<string, string>>;
  readonly componentOutputs?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

export interface FieldConstraints {
  readonly allowedValues?: readonly string[] | null;
  readonly min?: number | null;
  readonly max?: number | null;
  readonly minLength?: number | null;
  readonly maxLength?: number | null;
  readonly pattern?: string | null;
}

interface FieldBase {
  readonly key: string;
  readonly required: boolean;
  readonly label: string;
  readonly sensitive: boolean;
  readonly description?: string | null;
}

export interface ScalarField extends FieldBase {
  readonly type: 'string' | 'number' | 'bool';
  readonly constraints: FieldConstraints;
  readonly defaultValue?: string | null;
  /** Editor hint such as `kubernetes-resource-yaml`; unknown values are plain strings. */
  readonly format?: string;
  readonly templates?: readonly { readonly id: string; readonly label: string; readonly value: string }[];
}

export interface ObjectField extends FieldBase {
  readonly type: 'object';
  readonly fields: readonly FieldDescriptor[];
}

export type ArrayItem =
  | { readonly type: 'string' | 'number' | 'bool'; readonly constraints: FieldConstraints }
  | { readonly type: 'object'; readonly fields: readonly FieldDescriptor[] };

export interface ArrayField extends FieldBase {
  readonly type: 'array';
  readonly constraints: {
    readonly minItems?: number | null;
    readonly maxItems?: number | null;
    readonly uniqueItems: boolean;
  };
  readonly items: ArrayItem;
  readonly itemFields?: readonly (readonly FieldDescriptor[])[];
}

/** A descriptor kind this version does not know. Kept as received; `sensitive` is honoured when present. */
export interface UnknownField {
  readonly key: string;
  readonly type: string;
  readonly sensitive?: boolean;
  readonly unknownKind: true;
}

export type FieldDescriptor = ScalarField | ObjectField | ArrayField | UnknownField;

/** A scalar field the cluster or the platform profile must provide. `scope` and `status` are open strings. */
export interface Requirement extends ScalarField {
  /** PLATFORM_PROFILE | CLUSTER (open). */
  readonly scope: Open<'PLATFORM_PROFILE' | 'CLUSTER'>;
  /** MISSING | READY (open). */
  readonly status: Open<'MISSING' | 'READY'>;
}

export interface ComponentBinding {
  readonly input: string;
  readonly fromComponent: string;
  readonly output: string;
}

export interface Violation {
  readonly code: string;
  /** Bare key for profile fields (`storage`), `clusterInputs.<key>` for cluster inputs. */
  readonly fieldPath: string;
  readonly message: string;
}

export interface ResolveResponse {
  readonly componentKey: string;
  readonly fields: readonly FieldDescriptor[];
  readonly requirements: readonly Requirement[];
  readonly componentBindings: readonly ComponentBinding[];
  readonly violations: readonly Violation[];
}

export interface PlatformTemplateComponent {
  readonly key: string;
  readonly kind: string;
}

export interface PlatformTemplateLayer {
  readonly key: string;
  readonly mandatory: boolean;
  readonly modes: readonly string[];
  readonly providers?: readonly string[] | null;
  readonly componentKeys: readonly string[];
}

export interface PlatformTemplate {
  readonly key: string;
  readonly version: string;
  /** DRAFT | PUBLISHED | DEPRECATED (open). */
  readonly status: string;
  readonly description?: string | null;
  readonly layers: readonly PlatformTemplateLayer[];
}
