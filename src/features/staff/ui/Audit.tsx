// /staff/audit (admin): every change staff made, newest first, paged and filtered by actor or action.
import { SearchField } from '#lib/forms/SearchField.tsx';
import { withBoundary } from '#lib/react/IslandBoundary.tsx';
import { staffApi } from '../api.ts';
import { LoadState, when, TableBox } from './parts.tsx';
import { ListPager, useListQuery } from './use-list.tsx';
import { useLoad } from './use-load.ts';

function Audit() {
  const [query, update] = useListQuery({ actor: '', action: '' });
  const { data, busy, error } = useLoad(() => staffApi.audit(query), [query.actor, query.action, query.page, query.per_page]);
  return (
    <>
      <div className="staff-filters">
        <SearchField label="Who (e-mail address)" defaultValue={query.actor} onSearch={(actor) => update({ actor })} />
        <SearchField label="Action (e.g. staff.role)" defaultValue={query.action} onSearch={(action) => update({ action })} />
      </div>
      <LoadState busy={busy} error={error}>
        {data && (
          <>
            <TableBox label="Audit log">
              <table className="staff-table">
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Who</th>
                    <th scope="col">What</th>
                    <th scope="col">Record</th>
                    <th scope="col">From</th>
                  </tr>
                </thead>
                <tbody>
                  {data.entries.map((entry) => (
                    <tr key={entry.id}>
                      <td data-label="When">{when(entry.at)}</td>
                      <td data-label="Who">{entry.actor}</td>
                      <td data-label="What">{entry.action}</td>
                      <td data-label="Record">{entry.target}</td>
                      <td data-label="From">{entry.ip}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableBox>
            <ListPager label="Audit log pages" query={query} totalPages={data.total_pages} busy={busy} update={update} />
          </>
        )}
      </LoadState>
    </>
  );
}

export default withBoundary(Audit, 'Audit');
