import type { Metafile } from 'esbuild';

export declare function loadedUpFront(outputs: Metafile['outputs'], entry: string): Set<string>;
export declare function entryOutput(outputs: Metafile['outputs'], entry: string): string;
export declare function inputsOf(outputs: Metafile['outputs'], files: Iterable<string>): string[];
export declare function upFrontSize(
  outputs: Metafile['outputs'],
  entry: string,
): { readonly files: number; readonly bytes: number };
