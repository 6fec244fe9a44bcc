// The admin console at /admin: a section menu and the section routes. This module is
// only loaded for admins (the route guard checks the role first); the server checks it
// again on every /api/admin call.
import { NavLink, Route, Routes } from 'react-router';
// First, so each section's stylesheet (imported below) comes after the shared pieces.
import './admin-console.css';
import { AuditSection } from './audit-section';
import { EconomySection } from './economy-section';
import { MemberProfile } from './member-profile';
import { MembersSection } from './members-section';
import { OverviewSection } from './overview-section';
import { PayoutsSection } from './payouts-section';
import { PeriodsSection } from './periods-section';
import { PrivacyRequestsSection } from './privacy-requests-section';
import { ReportsSection } from './reports-section';
import { ReviewSection } from './review-section';
import { SettingsSection } from './settings-section';

const SECTIONS = [
  { to: '', label: 'Overview' },
  { to: 'members', label: 'Members' },
  { to: 'review', label: 'Review' },
  { to: 'reports', label: 'Reports' },
  { to: 'privacy', label: 'Privacy' },
  { to: 'payouts', label: 'Payouts' },
  { to: 'economy', label: 'Economy' },
  { to: 'settings', label: 'Settings' },
  { to: 'periods', label: 'Periods' },
  { to: 'audit', label: 'Audit log' },
] as const;

export function AdminConsole() {
  return (
    <div className="admin">
      <header className="admin__header">
        <h1 className="admin__title">Admin console</h1>
        <NavLink to="/" className="admin__exit">
          Back to the Bid Board
        </NavLink>
      </header>
      <nav className="admin__nav" aria-label="Console sections">
        {SECTIONS.map((section) => (
          <NavLink
            key={section.to}
            to={section.to === '' ? '/admin' : `/admin/${section.to}`}
            end={section.to === ''}
            className="admin__tab"
          >
            {section.label}
          </NavLink>
        ))}
      </nav>
      <main className="admin__main">
        <Routes>
          <Route index element={<OverviewSection />} />
          <Route path="members" element={<MembersSection />} />
          <Route path="members/:id" element={<MemberProfile />} />
          <Route path="review" element={<ReviewSection />} />
          <Route path="reports" element={<ReportsSection />} />
          <Route path="privacy" element={<PrivacyRequestsSection />} />
          <Route path="payouts" element={<PayoutsSection />} />
          <Route path="economy" element={<EconomySection />} />
          <Route path="settings" element={<SettingsSection />} />
          <Route path="periods" element={<PeriodsSection />} />
          <Route path="audit" element={<AuditSection />} />
          <Route path="*" element={<p className="admin-empty">No such section.</p>} />
        </Routes>
      </main>
    </div>
  );
}
