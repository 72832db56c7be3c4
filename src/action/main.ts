import { run } from './run-main.js';

await run();
