// Settings in a modal dialog (native <dialog>: focus is trapped and Escape closes it).
import { useEffect, useId, useRef, useState } from 'react';
import type { Backend, CachedPack } from '../protocol/engine-api';
import type { Settings } from '../settings/settings';

interface Props {
  open: boolean;
  settings: Settings;
  packFiles: File[];
  onChange: (change: Partial<Settings>) => void;
  onPackFiles: (files: File[]) => void;
  onClose: () => void;
  cachedPacks: () => Promise<CachedPack[]>;
  onDeletePack: (name: string) => Promise<void>;
}

function StoredPacks({ list, onDelete }: { list: () => Promise<CachedPack[]>; onDelete: (name: string) => Promise<void> }) {
  const [packs, setPacks] = useState<CachedPack[]>([]);
  const refresh = () => void list().then(setPacks, () => setPacks([]));
  useEffect(refresh, [list]);
  if (packs.length === 0) return null;
  return (
    <fieldset>
      <legend>Packs stored for offline use</legend>
      <ul className="stored-packs">
        {packs.map((p) => (
          <li key={p.name}>
            <span>
              {p.name} {p.version} · {(p.bytes / 1048576).toFixed(1)} MB
            </span>
            <button type="button" className="button button--small" onClick={() => void onDelete(p.name).then(refresh)} aria-label={`Delete stored pack ${p.name}`}>
              Delete
            </button>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

const BACKENDS: Array<[Backend, string]> = [
  ['auto', 'Automatic (WebGPU when available)'],
  ['webgpu', 'WebGPU'],
  ['wasm', 'WebAssembly (CPU)'],
];

export function SettingsPanel({ open, settings, packFiles, onChange, onPackFiles, onClose, cachedPacks, onDeletePack }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [url, setUrl] = useState(settings.pack.kind === 'url' ? settings.pack.url : '');
  const ids = { k: useId(), url: useId(), files: useId() };

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  return (
    <dialog ref={dialog} className="settings" aria-labelledby="settings-title" onClose={onClose}>
      <form method="dialog" className="settings__form" onSubmit={(e) => e.preventDefault()}>
        <header className="settings__header">
          <h2 id="settings-title">Settings</h2>
          <button type="button" className="icon-button" onClick={onClose} aria-label="Close settings">
            ×
          </button>
        </header>

        <fieldset>
          <legend>Backend</legend>
          {BACKENDS.map(([value, label]) => (
            <label key={value} className="choice">
              <input type="radio" name="backend" checked={settings.backend === value} onChange={() => onChange({ backend: value })} />
              {label}
            </label>
          ))}
        </fieldset>

        <fieldset>
          <legend>Speculative decoding</legend>
          <label htmlFor={ids.k}>Draft tokens per step (K): {settings.k === 0 ? '0 — plain greedy' : settings.k}</label>
          <input
            id={ids.k}
            type="range"
            min={0}
            max={3}
            step={1}
            value={settings.k}
            onChange={(e) => onChange({ k: Number(e.target.value) as Settings['k'] })}
          />
          <p className="hint">The text is identical for every K; a larger K is usually faster.</p>
        </fieldset>

        <fieldset>
          <legend>Text of PDFs</legend>
          <label className="choice">
            <input type="radio" name="own-text" checked={settings.ownText === 'use'} onChange={() => onChange({ ownText: 'use' })} />
            Use the PDF’s own text where it matches the page
          </label>
          <label className="choice">
            <input type="radio" name="own-text" checked={settings.ownText === 'recognize'} onChange={() => onChange({ ownText: 'recognize' })} />
            Recognize every page from its pixels
          </label>
          <p className="hint">
            The PDF’s own text is several times faster for PDFs made by a program. A few lines are recognized to check it
            against the page; formulas, text the PDF lacks, and scans (even with another program’s text laid over them)
            are always recognized.
          </p>
        </fieldset>

        <fieldset>
          <legend>Running headers, footers and page numbers</legend>
          <label className="choice">
            <input type="radio" name="headers" checked={!settings.dropHeaders} onChange={() => onChange({ dropHeaders: false })} />
            Keep them
          </label>
          <label className="choice">
            <input type="radio" name="headers" checked={settings.dropHeaders} onChange={() => onChange({ dropHeaders: true })} />
            Drop them
          </label>
        </fieldset>

        <fieldset>
          <legend>Words broken at a line end</legend>
          <label className="choice">
            <input type="radio" name="hyphens" checked={!settings.keepHyphens} onChange={() => onChange({ keepHyphens: false })} />
            Join them (“deter-” “mined” → “determined”)
          </label>
          <label className="choice">
            <input type="radio" name="hyphens" checked={settings.keepHyphens} onChange={() => onChange({ keepHyphens: true })} />
            Keep them as printed (“deter- mined”)
          </label>
          <p className="hint">A compound the page writes with its hyphen elsewhere keeps it either way.</p>
        </fieldset>

        <fieldset>
          <legend>Model pack</legend>
          <label className="choice">
            <input type="radio" name="pack" checked={settings.pack.kind === 'default'} onChange={() => onChange({ pack: { kind: 'default' } })} />
            Built-in pack
          </label>
          <label className="choice">
            <input type="radio" name="pack" checked={settings.pack.kind === 'url'} onChange={() => url && onChange({ pack: { kind: 'url', url } })} disabled={!url} />
            From a URL
          </label>
          <div className="settings__row">
            <label htmlFor={ids.url} className="visually-hidden">
              Model pack URL (folder holding pack.json)
            </label>
            <input id={ids.url} type="url" placeholder="https://…/pack/" value={url} onChange={(e) => setUrl(e.target.value)} />
            <button type="button" className="button button--small" disabled={!url} onClick={() => onChange({ pack: { kind: 'url', url } })}>
              Use
            </button>
          </div>
          <label className="choice">
            <input type="radio" name="pack" checked={settings.pack.kind === 'files'} disabled={packFiles.length === 0} onChange={() => onChange({ pack: { kind: 'files' } })} />
            From files on this device {packFiles.length > 0 && `(${packFiles.length} files)`}
          </label>
          <label htmlFor={ids.files} className="hint">
            Choose pack.json and the files it names:
          </label>
          <input
            id={ids.files}
            type="file"
            multiple
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              onPackFiles(files);
              if (files.length) onChange({ pack: { kind: 'files' } });
            }}
          />
        </fieldset>
        {open && <StoredPacks list={cachedPacks} onDelete={onDeletePack} />}
        <p className="hint">Settings are kept in this browser. A new backend or pack reloads the model.</p>
      </form>
    </dialog>
  );
}
