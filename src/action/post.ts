import { runPost } from './run-post.js';

await runPost();
