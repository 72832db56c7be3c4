import type { BuildOptions } from 'esbuild';

export declare const BUILD_OPTIONS: BuildOptions & { readonly alias: Readonly<Record<string, string>> };
