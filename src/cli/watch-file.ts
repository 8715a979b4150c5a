// watchFile(): runs a callback after a file changes, however it was written: in place, replaced by a rename (as
// editors save: write a temporary file, rename it over the old one), deleted, or created again. It watches the
// file's folder, not the file: a watch on the file follows the old file's inode and goes quiet after the first
// rename. A save is a burst of events (truncate, write, rename, chmod), so the callback runs once the burst has
// settled, and never twice at once: a change during a run is seen by one more run after it.
import { watch } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';

/** How long a burst of events is waited out: the events of one save come within a few milliseconds. */
const SETTLE_MS = 50;

/** Watches `file`; `onChange` runs after each change (settled, one run at a time). Returns what stops it. */
export function watchFile(file: string, onChange: () => Promise<void>, onError: (error: Error) => void): () => void {
  const path = resolve(file);
  const name = basename(path);
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let changedMeanwhile = false;

  const run = (): void => {
    if (running) {
      changedMeanwhile = true;
      return;
    }
    running = true;
    void onChange()
      .catch(onError)
      .finally(() => {
        running = false;
        if (changedMeanwhile) {
          changedMeanwhile = false;
          run();
        }
      });
  };

  const watcher = watch(dirname(path), (_event, changed) => {
    // Linux, macOS and Windows name the file; where no name is given, any change in the folder may be this one.
    if (changed !== null && changed !== name) return;
    clearTimeout(timer);
    timer = setTimeout(run, SETTLE_MS);
  });
  watcher.on('error', onError);
  return () => {
    clearTimeout(timer);
    watcher.close();
  };
}
