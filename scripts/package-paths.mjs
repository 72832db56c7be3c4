// The package's own paths a text names (docs/…, fixtures/…, schemas/…), and those the package does not
// ship: a hint that cites a file the installed package lacks sends its reader nowhere.
// Used by scripts/check-package.mjs on what the installed command line prints.

/** Every path under docs/, fixtures/ or schemas/ the text names, once, in order (a longer path's tail too). */
export function packagePathsIn(text) {
  return [...new Set(text.match(/(?<![\w.-])(?:docs|fixtures|schemas)\/[\w./-]*\w/g) ?? [])];
}

/** The paths the text names that `shipped(path)` (a file or directory of the package) says are absent. */
export function missingFromPackage(text, shipped) {
  return packagePathsIn(text).filter((path) => !shipped(path));
}
