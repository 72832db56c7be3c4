import { runPost } from './run-post.js';

void runPost();
