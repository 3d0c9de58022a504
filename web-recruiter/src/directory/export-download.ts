import { saveFile } from '@healthtal/web-shared/save-file';
import { useState } from 'react';
import { apiFetch } from '../app/api';
import { useToast } from '../app/toast';
import { SearchMessages, titled } from './search/search-screen';

/** The file name the server chose (Content-Disposition), or the spec's default. */
const fileNameOf = (res: Response) =>
  /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'healthtal_export.csv';

/**
 * Posts an export request and hands the file to the browser as a download. Throws an Error with the
 * server's message (or the spec's "Export Failed" text) when there is no file.
 */
export async function downloadExport(path: string, body: unknown): Promise<string> {
  const res = await apiFetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) {
    const problem = (await res.json().catch(() => ({}))) as { detail?: string };
    throw new Error(problem.detail ?? SearchMessages.exportFailed);
  }
  const blob = await res.blob();
  if (blob.size === 0) throw new Error(SearchMessages.exportNoData);
  const fileName = fileNameOf(res);
  saveFile(blob, fileName);
  return fileName;
}

/**
 * An export download with what every export then says: how many were exported, or why it failed
 * (the server's detail, or the spec's "Export Failed" text). `busy` while the file comes.
 */
export function useExportDownload(): {
  busy: boolean;
  run: (path: string, body: unknown, count: number) => Promise<void>;
} {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const run = async (path: string, body: unknown, count: number) => {
    setBusy(true);
    try {
      await downloadExport(path, body);
      toast(SearchMessages.exported(count));
    } catch (error) {
      const detail = error instanceof Error ? error.message : SearchMessages.exportFailed;
      toast(titled(SearchMessages.exportFailedTitle, detail), 'error');
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
