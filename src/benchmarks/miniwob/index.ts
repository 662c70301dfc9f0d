import type { Benchmark } from '../types.ts';
import { importMiniwob } from './import.ts';
import { MINIWOB_PROTOCOL } from './protocol.ts';

/** MiniWoB++: its pages run as BrowserGym runs them (protocol: miniwob), judged by their own reward. */
export const miniwob: Benchmark = {
  name: 'miniwob',
  importer: { describe: 'a miniwob-plusplus checkout, or its html/ folder', run: importMiniwob },
  protocols: { miniwob: MINIWOB_PROTOCOL },
};
