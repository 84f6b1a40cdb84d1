// /staff: the college at a glance, each figure a link to the list behind it, and the seats taken on
// each open scholarship, each a link to its page.
import { withBoundary } from '#lib/react/IslandBoundary.tsx';
import { staffApi } from '../api.ts';
import { formatNaira } from '#lib/format.ts';
import { scholarshipHref } from '../links.ts';
import { LoadState } from './parts.tsx';
import { seatsLine } from './scholarship-parts.tsx';
import { useLoad } from './use-load.ts';

interface Tile {
  label: string;
  value: string;
  href: string;
}

const Tiles = ({ label, tiles }: { label: string; tiles: Tile[] }) => (
  <ul className="staff-tiles" aria-label={label}>
    {tiles.map((tile) => (
      <li key={tile.href + tile.label}>
        <a href={tile.href}>
          <span className="staff-tile-value">{tile.value}</span>
          {tile.label}
        </a>
      </li>
    ))}
  </ul>
);

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
      <Tiles label="Summary" tiles={tiles} />
      {data && data.scholarships.length > 0 && (
        <>
          <h2 id="open-scholarships">Open scholarships: seats taken</h2>
          <Tiles
            label="Open scholarships: seats taken"
            tiles={data.scholarships.map((scholarship) => ({
              label: scholarship.name,
              value: seatsLine(scholarship),
              href: scholarshipHref(scholarship.id),
            }))}
          />
        </>
      )}
    </LoadState>
  );
}

export default withBoundary(Summary, 'Summary');
