// The bundler's options for dist/, apart from the output directory: shared by the build and the test that
// checks which code each entry point loads up front.

/**
 * `@actions/core` imports `@actions/http-client` for its OIDC helper alone, and the client imports undici
 * (about 400 KiB) at its top; it imports `@actions/exec` (and `@actions/io`) for its platform details
 * alone, and they import node:child_process. Bundled as they are, every run would load undici and
 * child_process before doing anything. These modules only define functions, classes and constants, so
 * they are declared free of side effects: the bundler then leaves them out wherever nothing of theirs is
 * used (the action's start) and keeps them where something is (the GitHub client, loaded on demand).
 * So is core's own summary module, which the tool does not use (job-summary.ts appends the file itself):
 * it reads node:fs/promises as it loads, which loads readline and the REPL's history (about 3 ms).
 */
const toolkitWithoutSideEffects = {
  name: 'toolkit-without-side-effects',
  setup(build) {
    build.onResolve({ filter: /^(@actions\/(http-client|exec|io)(\/|$)|\.\/summary\.js$)/ }, async (args) => {
      if (args.pluginData?.resolving) return undefined;
      // './summary.js' only as core imports it.
      if (args.path.startsWith('.') && !/@actions[\\/]core[\\/]/.test(args.importer)) return undefined;
      const { path, namespace, external, suffix, errors } = await build.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: { resolving: true },
      });
      if (errors.length > 0) return { errors };
      return { path, namespace, external, suffix, sideEffects: false };
    });
  },
};

/**
 * The size under which Rollup merges a chunk into another (scripts/bundle.mjs): at 20 000 bytes an offline
 * validation loads 6 files instead of 38, and no run loads the PromQL grammar or an HTTP stack it does not
 * use. At 40 000 the HTTP stack of the GitHub client joins the start.
 */
export const MIN_CHUNK_BYTES = 20_000;

export const BUILD_OPTIONS = {
  entryPoints: {
    index: 'src/action/main.ts',
    post: 'src/action/post.ts',
    cli: 'src/cli.ts',
  },
  bundle: true,
  // Shared code goes into chunks so that each entry loads only what it uses (the post step never loads
  // ajv or the planner): a faster cold start for every run of the action.
  splitting: true,
  format: 'esm',
  platform: 'node',
  // The action runs on node24, the CLI on Node >= 20: emit what both understand.
  target: 'node20',
  mainFields: ['module', 'main'],
  conditions: ['node', 'import'],
  // Minified already in the first pass (Rollup then reads less), and again file by file once the chunks are
  // grouped (scripts/bundle.mjs): MIN_CHUNK_BYTES compares minified sizes.
  minify: true,
  keepNames: false,
  legalComments: 'none',
  charset: 'utf8',
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  alias: {
    // The PromQL type checker reads one function of the editor package; a stand-in keeps the editor
    // (view, DOM code) out of the bundle.
    '@codemirror/language': './src/promql/codemirror-language.ts',
    // yaml's ES module build: the same code as its CommonJS build (which the `node` condition picks), but
    // bundled without a CommonJS wrapper, so it is parsed once at load instead of twice and what the tool
    // never calls is left out. Where they differ: a warning is printed with console.warn rather than
    // process.emitWarning (the tool prints none: it reads yaml's warnings from each document); a YAML 1.1
    // `!!binary` value is decoded with atob rather than Buffer, so malformed base64 is a YAML error rather
    // than a silently shortened value (no document of ours holds binary); yaml's LOG_TOKENS and LOG_STREAM
    // debugging variables are not read.
    yaml: './node_modules/yaml/browser/dist/index.js',
  },
  plugins: [toolkitWithoutSideEffects],
  logLevel: 'warning',
  metafile: true,
};
