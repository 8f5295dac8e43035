import { throughput } from '../store/doc-progress';
import type { DocState } from '../store/document-store';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="stat">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

export function StatsBar({ doc, backend }: { doc: DocState | undefined; backend?: string }) {
  const t = doc ? throughput(doc.pages.flatMap((p) => (p.result ? [p.result] : []))) : null;
  const layerLines = (doc?.pages ?? []).reduce((n, p) => {
    const used = p.result?.stats.ownText;
    return n + (used?.used ? used.lines : 0);
  }, 0);
  return (
    <footer className="stats-bar" aria-label="Conversion statistics">
      <dl data-testid="stats">
        <Stat label="Pages/s" value={t ? t.pagesPerSecond.toFixed(2) : '–'} />
        <Stat label="Tokens/s" value={t ? t.tokensPerSecond.toFixed(0) : '–'} />
        <Stat label="Draft acceptance" value={t?.acceptance != null ? `${(100 * t.acceptance).toFixed(0)}%` : '–'} />
        <Stat label="Tokens per pass" value={t ? t.tokensPerPass.toFixed(2) : '–'} />
        <Stat label="Backend" value={t?.backend ?? backend ?? '–'} />
        {layerLines > 0 && <Stat label="Lines from the PDF’s text" value={String(layerLines)} />}
      </dl>
    </footer>
  );
}
