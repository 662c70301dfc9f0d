import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import { readJsonFile, writeJsonFile } from '../json-files.ts';

export interface CachedReply {
  reply: string;
  promptTokens: number;
  completionTokens: number;
  /** The prompt's size by our tokenizer, so that a rerun need not load it. */
  promptTokensCounted?: number;
}

/**
 * Replies on disk, keyed by a hash of what was asked (model, messages, parameters): a rerun
 * after a crash or a reporter change costs no tokens and gets the same answers. Errors and empty
 * replies are never stored. BENCHWRIGHT_LLM_CACHE: the folder (default: llm-replies in the
 * user's benchwright cache, beside the task index), or "off" to bypass it (src/settings).
 */
export class ReplyCache {
  private constructor(private readonly dir: string | null) {}

  /** The cache in `folder`; none (every call asked) for false. */
  static at(folder: string | false): ReplyCache {
    return new ReplyCache(folder === false ? null : resolve(folder));
  }

  static key(request: unknown): string {
    return createHash('sha256').update(JSON.stringify(request)).digest('hex');
  }

  get(key: string): CachedReply | undefined {
    // Absent, or half-written by a run that died: ask again.
    return this.dir ? readJsonFile<CachedReply>(this.file(key)) : undefined;
  }

  set(key: string, value: CachedReply): void {
    if (!this.dir || !value.reply.trim()) return;
    writeJsonFile(this.file(key), value);
  }

  private file(key: string): string {
    return join(this.dir!, key.slice(0, 2), `${key}.json`);
  }
}
