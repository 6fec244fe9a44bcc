import { SAFETY_MESSAGES } from '@bidboard/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { hardNavigate } from '@/lib/hard-navigate';
import { setLanguage } from '@/lib/i18n';
import { buildUser } from '@/test/factories';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { AccountDeletedGate } from './account-deleted-gate';
import { AccountSettings } from './account-settings';
import { BlockedMembers } from './blocked-members';
import { MemberSafetyButton } from './member-safety-button';

vi.mock('@/lib/hard-navigate', () => ({ hardNavigate: vi.fn() }));

const theo = { id: 20, username: 'theo' };

describe('Block or report dialog', () => {
  it('blocks after a second question and tells the host when closed', async () => {
    const api = mockFetch({
      'POST /api/blocks': () => [
        200,
        {
          success: true,
          message: SAFETY_MESSAGES.blocked('theo'),
          blocked: { id: 20, username: 'theo', profile_picture: null, blocked_at: '' },
        },
      ],
    });
    const onBlocked = vi.fn();
    renderWithProviders(<MemberSafetyButton member={theo} onBlocked={onBlocked} />);
    fireEvent.click(screen.getByRole('button', { name: 'Block or report theo' }));
    const dialog = await screen.findByRole('dialog', { name: 'theo' });
    expect(
      within(dialog).getByText('theo is never told who blocked or reported them.'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Block theo' }));
    const confirm = await screen.findByRole('dialog', { name: 'Block theo?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText(SAFETY_MESSAGES.blocked('theo'))).toBeTruthy();
    expect(api.callsTo('POST /api/blocks')[0]!.body).toEqual({ user_id: 20 });
    expect(onBlocked).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(onBlocked).toHaveBeenCalledOnce());
  });

  it('reports with a reason, optional text and blocking ticked by default', async () => {
    const api = mockFetch({
      'POST /api/reports': () => [
        200,
        { success: true, message: SAFETY_MESSAGES.reportedAndBlocked, blocked: true },
      ],
    });
    const onBlocked = vi.fn();
    renderWithProviders(<MemberSafetyButton member={theo} onBlocked={onBlocked} />);
    fireEvent.click(screen.getByRole('button', { name: 'Block or report theo' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Report theo' }));
    const send = await screen.findByRole('button', { name: 'Send report' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Choose a reason to send your report.')).toBeTruthy();
    expect(
      (screen.getByRole('checkbox', { name: 'Also block theo' }) as HTMLInputElement).checked,
    ).toBe(true);
    for (const label of [
      'Fake profile',
      'Harassment',
      'Underage',
      'Scam or spam',
      'Inappropriate photos',
      'Other',
    ]) {
      expect(screen.getByRole('radio', { name: label })).toBeTruthy();
    }
    fireEvent.click(screen.getByRole('radio', { name: 'Scam or spam' }));
    fireEvent.change(screen.getByLabelText('Anything else we should know? (optional)'), {
      target: { value: ' Asked for gift cards ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(SAFETY_MESSAGES.reportedAndBlocked)).toBeTruthy();
    expect(api.callsTo('POST /api/reports')[0]!.body).toEqual({
      user_id: 20,
      reason: 'scam_or_spam',
      text: 'Asked for gift cards',
      block: true,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(onBlocked).toHaveBeenCalledOnce());
  });

  it('shows the server’s message when a report fails, and keeps the form', async () => {
    mockFetch({ 'POST /api/reports': () => [404, { message: 'Member not found' }] });
    renderWithProviders(<MemberSafetyButton member={theo} />);
    fireEvent.click(screen.getByRole('button', { name: 'Block or report theo' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Report theo' }));
    fireEvent.click(await screen.findByRole('radio', { name: 'Other' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Also block theo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Member not found');
    expect(screen.getByRole('button', { name: 'Send report' })).toBeTruthy();
  });
});

describe('Blocked members in Profile Settings', () => {
  it('lists blocked members and unblocks one', async () => {
    let blocks = [{ id: 20, username: 'theo', profile_picture: null, blocked_at: '' }];
    const api = mockFetch({
      'GET /api/blocks': () => [200, { blocks }],
      'DELETE /api/blocks/20': () => {
        blocks = [];
        return [200, { success: true, message: SAFETY_MESSAGES.unblocked('theo') }];
      },
    });
    renderWithProviders(<BlockedMembers />);
    fireEvent.click(await screen.findByRole('button', { name: 'Unblock theo' }));
    expect(await screen.findByText(SAFETY_MESSAGES.unblocked('theo'))).toBeTruthy();
    expect(await screen.findByText(/You haven’t blocked anyone/)).toBeTruthy();
    expect(api.callsTo('DELETE /api/blocks/20')).toHaveLength(1);
  });
});

describe('Deleting the account', () => {
  it('waits for DELETE to be typed, then deletes and signs out', async () => {
    localStorage.setItem('authToken', 'tok');
    const api = mockFetch({
      'GET /api/auth/me': () => [200, { user: buildUser({ id: 7 }) }],
      'DELETE /api/account': () => [
        200,
        { success: true, message: SAFETY_MESSAGES.accountDeleted },
      ],
      'POST /api/auth/logout': () => [401, { message: 'Not authenticated' }],
    });
    renderWithProviders(
      <MemoryRouter>
        <AccountSettings />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const remove = within(dialog).getByRole('button', { name: 'Delete my account' });
    expect((remove as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).getByText(SAFETY_MESSAGES.confirmDeletion)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Type DELETE to confirm'), {
      target: { value: 'delete' },
    });
    expect((remove as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Type DELETE to confirm'), {
      target: { value: 'DELETE' },
    });
    fireEvent.click(remove);
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith('/'));
    expect(api.callsTo('DELETE /api/account')[0]!.body).toEqual({ confirm: 'DELETE' });
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(sessionStorage.getItem('accountDeleted')).toBe(SAFETY_MESSAGES.accountDeleted);
  });

  it('confirms the deletion on the page it reloads to, once', async () => {
    sessionStorage.setItem('accountDeleted', SAFETY_MESSAGES.accountDeleted);
    renderWithProviders(<AccountDeletedGate />);
    const done = await screen.findByRole('dialog', { name: 'Account deleted' });
    expect(within(done).getByText(/Your account was deleted\./)).toBeTruthy();
    fireEvent.click(within(done).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sessionStorage.getItem('accountDeleted')).toBeNull();
  });

  it('the cancel button leaves the account alone', async () => {
    const api = mockFetch({});
    renderWithProviders(
      <MemoryRouter>
        <AccountSettings />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('DELETE /api/account')).toHaveLength(0);
  });
});

describe('In Canadian French', () => {
  it('blocks, reports, lists the blocked and asks before deleting, all in French', async () => {
    await act(() => setLanguage('fr-CA'));
    try {
      mockFetch({
        'POST /api/blocks': () => [
          200,
          {
            success: true,
            message: SAFETY_MESSAGES.blocked('theo'),
            blocked: { id: 20, username: 'theo', profile_picture: null, blocked_at: '' },
          },
        ],
        'GET /api/blocks': () => [200, { blocks: [] }],
      });
      renderWithProviders(
        <MemoryRouter>
          <MemberSafetyButton member={theo} text="…" />
          <MemberSafetyButton member={theo} />
          <BlockedMembers />
          <AccountSettings />
        </MemoryRouter>,
      );
      expect(screen.getByRole('button', { name: 'Bloquer ou signaler theo' })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: '…' }));
      const dialog = await screen.findByRole('dialog', { name: 'theo' });
      expect(
        within(dialog).getByText('theo ne saura jamais qui l’a bloqué ou signalé.'),
      ).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Signaler theo' }));
      const report = await screen.findByRole('dialog', { name: 'Signaler theo' });
      expect(within(report).getByRole('radio', { name: 'Faux profil' })).toBeTruthy();
      expect(within(report).getByRole('checkbox', { name: 'Bloquer aussi theo' })).toBeTruthy();
      fireEvent.click(within(report).getByRole('button', { name: 'Annuler' }));
      fireEvent.click(await screen.findByRole('button', { name: 'Bloquer theo' }));
      const confirm = await screen.findByRole('dialog', { name: 'Bloquer theo?' });
      fireEvent.click(within(confirm).getByRole('button', { name: 'Bloquer' }));
      expect(
        await screen.findByText('Vous avez bloqué theo. Vous ne vous verrez plus.'),
      ).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Terminé' }));

      expect(await screen.findByText(/Vous n’avez bloqué personne/)).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Supprimer le compte' }));
      const remove = await screen.findByRole('dialog', { name: 'Supprimer votre compte?' });
      expect(within(remove).getByLabelText('Tapez DELETE pour confirmer')).toBeTruthy();
      expect(within(remove).getByText('Tapez DELETE pour confirmer.')).toBeTruthy();
      expect(within(remove).getByRole('button', { name: 'Supprimer mon compte' })).toBeTruthy();
    } finally {
      await act(() => setLanguage('en'));
    }
  });
});
