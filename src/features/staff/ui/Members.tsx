// /staff/members (admin): the members of staff, a role changed, a member removed (their sessions
// end). Inviting stays with the admin command, which mails the link.
import { withBoundary } from '#lib/react/IslandBoundary.tsx';
import { staffApi } from '../api.ts';
import { $staffSession } from '../session.ts';
import { LoadState, when, TableBox } from './parts.tsx';
import { useLoad } from './use-load.ts';

function Members() {
  const { data, busy, error, reload } = useLoad(() => staffApi.members({ per_page: 100 }), []);
  const me = $staffSession.get()?.staff.id;
  const remove = (id: string, email: string) => {
    if (window.confirm(`Remove ${email} from the staff? Their sessions end at once.`))
      void staffApi.removeMember(id).then(reload, () => undefined);
  };
  return (
    <LoadState busy={busy} error={error}>
      {data && (
        <TableBox label="Staff members">
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">E-mail</th>
                <th scope="col">Role</th>
                <th scope="col">Since</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.members.map((member) => (
                <tr key={member.id}>
                  <td data-label="Name">{member.name || '—'}</td>
                  <td data-label="E-mail">{member.email}</td>
                  <td data-label="Role" className="staff-inline">
                    <select
                      aria-label={`Role of ${member.email}`}
                      value={member.role}
                      onChange={(event) => void staffApi.setRole(member.id, event.target.value).then(reload, reload)}
                    >
                      <option value="admin">admin</option>
                      <option value="staff">staff</option>
                    </select>
                  </td>
                  <td data-label="Since">{when(member.created_at)}</td>
                  <td data-label="Actions">
                    {member.id !== me && (
                      <button type="button" className="staff-link-button" onClick={() => remove(member.id, member.email)}>
                        Remove {member.email}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
    </LoadState>
  );
}

export default withBoundary(Members, 'Members');
