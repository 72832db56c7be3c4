import type { Metafile } from 'esbuild';

export declare function bundle(
  outdir: string,
): Promise<{ readonly files: ReadonlyMap<string, string>; readonly outputs: Metafile['outputs'] }>;

export declare function writeBundle(outdir: string): Promise<Metafile['outputs']>;
