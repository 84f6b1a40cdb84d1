// /staff: the college at a glance, each figure a link to the list behind it.
import { withBoundary } from '#lib/react/IslandBoundary.tsx';
import { staffApi } from '../api.ts';
import { formatNaira } from '#lib/format.ts';
import { LoadState } from './parts.tsx';
import { useLoad } from './use-load.ts';

function Summary() {
  const { data, busy, error } = useLoad(() => staffApi.summary(), []);
  const tiles = data
    ? [
        { label: 'Students', value: data.students.toLocaleString('en-NG'), href: '/staff/students' },
        { label: 'Enrolments, last 7 days', value: data.enrolments_7d.toLocaleString('en-NG'), href: '/staff/payments?status=success' },
        { label: 'Enrolments, last 30 days', value: data.enrolments_30d.toLocaleString('en-NG'), href: '/staff/payments?status=success' },
        { label: 'Revenue, last 30 days', value: formatNaira(data.revenue_30d, { decimals: 0 }), href: '/staff/payments?status=success' },
        { label: 'Open requests', value: data.open_requests.toLocaleString('en-NG'), href: '/staff/requests?status=open' },
        {
          label: 'Payments needing a refund',
          value: data.needs_refund.toLocaleString('en-NG'),
          href: '/staff/payments?status=needs_refund',
        },
      ]
    : [];
  return (
    <LoadState busy={busy} error={error}>
      <ul className="staff-tiles" aria-label="Summary">
        {tiles.map((tile) => (
          <li key={tile.label}>
            <a href={tile.href}>
              <span className="staff-tile-value">{tile.value}</span>
              {tile.label}
            </a>
          </li>
        ))}
      </ul>
    </LoadState>
  );
}

export default withBoundary(Summary, 'Summary');
