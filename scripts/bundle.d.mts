import type { Metafile } from 'esbuild';

export declare function bundle(
  outdir: string,
  entryPoints?: Readonly<Record<string, string>>,
): Promise<{ readonly files: ReadonlyMap<string, string>; readonly outputs: Metafile['outputs'] }>;

export declare function writeBundle(
  outdir: string,
  entryPoints?: Readonly<Record<string, string>>,
): Promise<Metafile['outputs']>;
