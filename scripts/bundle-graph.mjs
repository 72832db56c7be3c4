// Reading esbuild's metafile: which files an entry point loads before it runs. Shared by the tests that
// keep code out of the start and by the cold-start bench that reports how much is loaded.

/** The files an output loads before it runs: its static imports, transitively (dynamic ones excluded). */
export function loadedUpFront(outputs, entry) {
  const seen = new Set();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop();
    const output = outputs[file];
    if (seen.has(file) || output === undefined) continue;
    seen.add(file);
    for (const imported of output.imports)
      if (imported.kind === 'import-statement') pending.push(imported.path);
  }
  return seen;
}

/** The output file of an entry point (index.js, post.js, cli.js), not a chunk. */
export function entryOutput(outputs, entry) {
  const file = Object.keys(outputs).find((f) => f.endsWith(`/${entry}`) && !f.includes('/chunks/'));
  if (file === undefined) throw new Error(`no output for ${entry}`);
  return file;
}

/** The source files (inputs) bundled into the given outputs. */
export function inputsOf(outputs, files) {
  return [...files].flatMap((file) => Object.keys(outputs[file]?.inputs ?? {}));
}

/** What an entry point loads before it runs: how many files, how many bytes. */
export function upFrontSize(outputs, entry) {
  const files = loadedUpFront(outputs, entryOutput(outputs, entry));
  let bytes = 0;
  for (const file of files) bytes += outputs[file].bytes;
  return { files: files.size, bytes };
}
