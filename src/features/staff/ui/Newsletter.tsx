// /staff/newsletter: how many subscribe, and their CSV. The count is the CSV's rows (the contract
// has no count call), read once when the page opens.
import { withBoundary } from '#lib/react/IslandBoundary.tsx';
import { downloadCsv, fetchCsvRows } from '../http.ts';
import { LoadState } from './parts.tsx';
import { useLoad } from './use-load.ts';

function Newsletter() {
  const { data, busy, error } = useLoad(() => fetchCsvRows('newsletter.csv'), []);
  return (
    <LoadState busy={busy} error={error}>
      {data !== null && (
        <section className="staff-card" aria-label="Newsletter">
          <p>
            <span className="staff-tile-value">{data.toLocaleString('en-NG')}</span> subscribers
          </p>
          <button type="button" className="btn" onClick={() => void downloadCsv('newsletter.csv', 'newsletter.csv')}>
            Download the CSV
          </button>
        </section>
      )}
    </LoadState>
  );
}

export default withBoundary(Newsletter, 'Newsletter');
