/** The file import graph: Map<file, Map<imported file, names imported>>, files named `src/…`. */
export type FileGraph = Map<string, Map<string, string[]>>;

export interface FileCycle {
  /** The files of the cycle, sorted: the form a baseline entry takes. */
  readonly files: string[];
  /** Loops that walk the cycle in import order, each starting and ending with the same file. */
  readonly loops: string[][];
}

export declare function stronglyConnected<T extends string>(next: Map<T, Iterable<T>>): T[][];
export declare function fileImports(srcDir: string, files: Iterable<string>): FileGraph;
export declare function fileCycles(graph: FileGraph): FileCycle[];
export declare function judgeFileCycles(
  graph: FileGraph,
  baselineCycles?: readonly (readonly string[])[],
): { readonly cycles: FileCycle[]; readonly problems: string[] };
