// /dashboard/settings (docs/product.md#settings-page): a tab list on the left (a labelled select
// instead on small screens), the active tab in the query string (?tab=UserProfile, ChangePassword or
// ViewNotification), pushed on change and followed on Back. The password form and the notification
// list are islands of their own, which the page passes in (as `password` and as children): they
// hydrate when a person reaches for them, or when their panel is shown, not with the tabs.
import { useRef, useSyncExternalStore, type KeyboardEvent, type ReactNode } from 'react';
import { Chevron } from '#lib/forms/Chevron.tsx';
import { withBoundary } from '#lib/react/IslandBoundary.tsx';
import {
  DEFAULT_TAB,
  SETTINGS_TABS,
  settingsHeadingId as headingId,
  tabFromSearch,
  tabIndexAfterKey,
  urlWithTab,
  type SettingsTab,
} from '../tabs.ts';
import { ProfileForm } from './ProfileForm.tsx';
import './settings.css';

const TAB_EVENT = 'settings:tab';

function subscribe(onChange: () => void) {
  window.addEventListener('popstate', onChange);
  window.addEventListener(TAB_EVENT, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(TAB_EVENT, onChange);
  };
}

/** The tab the address names; the server (and hydration) render the first. */
function useActiveTab(): SettingsTab {
  return useSyncExternalStore(
    subscribe,
    () => tabFromSearch(location.search),
    () => DEFAULT_TAB,
  );
}

function openTab(tab: SettingsTab) {
  if (tabFromSearch(location.search) === tab && new URLSearchParams(location.search).has('tab')) return;
  history.pushState(null, '', urlWithTab(location.href, tab));
  window.dispatchEvent(new Event(TAB_EVENT));
}

const tabId = (tab: SettingsTab) => `settings-tab-${tab}`;
const panelId = (tab: SettingsTab) => `settings-panel-${tab}`;

interface SettingsProps {
  /** The 'Change Password' panel's form: its own island, which waits for a person. */
  password?: ReactNode;
  /** The 'View notification' panel's content: the notifications feature's island. */
  children?: ReactNode;
}

function Settings({ password, children }: SettingsProps) {
  const active = useActiveTab();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = tabIndexAfterKey(event.key, index, SETTINGS_TABS.length);
    if (next === null) return;
    event.preventDefault();
    tabs.current[next]?.focus();
    openTab(SETTINGS_TABS[next]!.id);
  };

  return (
    <div className="settings">
      <div className="settings-picker field">
        <label className="field-label" htmlFor="settings-section">
          Settings section
        </label>
        <div className="field-box">
          <select
            id="settings-section"
            className="field-control"
            value={active}
            onChange={(event) => openTab(tabFromSearch(`?tab=${event.target.value}`))}
          >
            {SETTINGS_TABS.map((tab) => (
              <option key={tab.id} value={tab.id}>
                {tab.label}
              </option>
            ))}
          </select>
          <Chevron className="native-select-chevron" />
        </div>
      </div>
      <div className="settings-tabs" role="tablist" aria-orientation="vertical" aria-label="Settings">
        {SETTINGS_TABS.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={tabId(tab.id)}
            aria-selected={active === tab.id}
            aria-controls={panelId(tab.id)}
            tabIndex={active === tab.id ? 0 : -1}
            className="settings-tab"
            onClick={() => openTab(tab.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div className="settings-panels">
        <Panel tab="UserProfile" active={active} heading="Edit Your Profile">
          <ProfileForm headingId={headingId('UserProfile')} />
        </Panel>
        <Panel tab="ChangePassword" active={active} heading="Change Password">
          {password}
        </Panel>
        <Panel tab="ViewNotification" active={active} heading="View notification">
          {children}
        </Panel>
      </div>
    </div>
  );
}

function Panel({ tab, active, heading, children }: { tab: SettingsTab; active: SettingsTab; heading: string; children: ReactNode }) {
  return (
    <section
      className="settings-panel card"
      role="tabpanel"
      id={panelId(tab)}
      aria-labelledby={tabId(tab)}
      hidden={active !== tab}
      data-tab={tab}
    >
      <h2 id={headingId(tab)} className="settings-heading">
        {heading}
      </h2>
      {children}
    </section>
  );
}

export default withBoundary(Settings, 'Settings');
