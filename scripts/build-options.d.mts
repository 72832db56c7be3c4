import type { BuildOptions } from 'esbuild';

export declare const MIN_CHUNK_BYTES: number;
export declare const BUILD_OPTIONS: BuildOptions & {
  readonly alias: Readonly<Record<string, string>>;
  readonly entryPoints: Readonly<Record<string, string>>;
};
