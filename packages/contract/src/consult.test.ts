import { describe, expect, it } from 'vitest';
import {
  approveDeadline,
  chargeMonth,
  conferenceProblem,
  conferenceTransition,
  consultFee,
  consultSettingsSchema,
  consultTransition,
  CONSULT_ACTIONS,
  CONSULT_STATES,
  CONSULT_TRANSITIONS,
  DEFAULT_CONSULT_SETTINGS,
} from './consult.ts';

describe('consultation state machine', () => {
  it('allows each action only from its states and for its parties', () => {
    for (const action of CONSULT_ACTIONS)
      for (const state of CONSULT_STATES) {
        const t = CONSULT_TRANSITIONS[action];
        const r = consultTransition(state, action, ['applicant', 'approver', 'expert']);
        expect(r.ok, `${action} from ${state}`).toBe(t.from.includes(state));
      }
    expect(consultTransition('pending', 'approve', ['applicant'])).toEqual({ ok: false, reason: 'actor' });
    expect(consultTransition('held', 'opinion', ['approver'])).toEqual({ ok: false, reason: 'actor' });
    expect(consultTransition('held', 'opinion', ['expert'])).toEqual({ ok: true, to: 'answered' });
    expect(consultTransition('answered', 'evaluate', ['expert'])).toEqual({ ok: false, reason: 'actor' });
    expect(consultTransition('evaluated', 'evaluate', ['applicant'])).toEqual({ ok: false, reason: 'state' });
    expect(consultTransition('held', 'cancel', ['applicant'])).toEqual({ ok: false, reason: 'state' });
  });

  it('conference steps', () => {
    expect(conferenceTransition('pending', 'approve', ['approver'])).toEqual({ ok: true, to: 'approved' });
    expect(conferenceTransition('pending', 'approve', ['applicant'])).toEqual({ ok: false, reason: 'actor' });
    expect(conferenceTransition('finished', 'cancel', ['approver'])).toEqual({ ok: false, reason: 'state' });
  });
});

describe('fees, deadlines, months, conference rules', () => {
  it('reads the fee from the schedule by mode and urgency', () => {
    expect(consultFee(DEFAULT_CONSULT_SETTINGS, 'video', 'urgent')).toBe(30000);
    expect(
      consultFee(
        { ...DEFAULT_CONSULT_SETTINGS, fees: { ...DEFAULT_CONSULT_SETTINGS.fees, text: { normal: 1, urgent: 2 } } },
        'text',
        'urgent',
      ),
    ).toBe(2);
  });
  it('refuses negative or fractional fees in the settings', () => {
    expect(consultSettingsSchema.safeParse(DEFAULT_CONSULT_SETTINGS).success).toBe(true);
    const bad = { ...DEFAULT_CONSULT_SETTINGS, fees: { ...DEFAULT_CONSULT_SETTINGS.fees, video: { normal: -1, urgent: 1 } } };
    expect(consultSettingsSchema.safeParse(bad).success).toBe(false);
    expect(consultSettingsSchema.safeParse({ ...DEFAULT_CONSULT_SETTINGS, approveHours: 0 }).success).toBe(false);
  });
  it('computes the approval deadline by urgency', () => {
    expect(approveDeadline(DEFAULT_CONSULT_SETTINGS, 'urgent', 0)).toBe(2 * 3_600_000);
    expect(approveDeadline(DEFAULT_CONSULT_SETTINGS, 'normal', 0)).toBe(24 * 3_600_000);
  });
  it('puts a charge in its China-time month', () => {
    expect(chargeMonth(Date.UTC(2030, 4, 31, 15, 59, 59, 999))).toBe('2030-05');
    expect(chargeMonth(Date.UTC(2030, 4, 31, 16))).toBe('2030-06');
    expect(chargeMonth(Date.UTC(2030, 11, 31, 16))).toBe('2031-01');
  });
  it('checks a conference: end after start, place or link, participants', () => {
    const ok = { startAt: 1, endAt: 2, mode: 'online', place: '', link: 'x', orgIds: [], roleIds: [], userIds: ['u'] };
    expect(conferenceProblem(ok)).toBeNull();
    expect(conferenceProblem({ ...ok, endAt: 1 })).toBe('conference.endBeforeStart');
    expect(conferenceProblem({ ...ok, link: '' })).toBe('conference.placeOrLink');
    expect(conferenceProblem({ ...ok, mode: 'offline' })).toBe('conference.placeOrLink');
    expect(conferenceProblem({ ...ok, userIds: [] })).toBe('conference.noParticipants');
  });
});
