import { describe, expect, it } from 'vitest';
import {
  afterReferralWindow,
  allowedActions,
  DEFAULT_REFERRAL_LIMITS,
  isBreached,
  referralMonth,
  REFERRAL_ACTIONS,
  REFERRAL_TRANSITIONS,
  transitionRefusal,
  waitingStep,
} from './referral.ts';

/** The referral state machine and time-limit rules (issue 19, M9), pure. */
describe('referral state machine', () => {
  it('every action leaves from its states only, arrival deciding cancel and close', () => {
    const states = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '99'];
    for (const a of REFERRAL_ACTIONS)
      for (const s of states)
        for (const arrived of [false, true]) {
          const rule = REFERRAL_TRANSITIONS[a];
          const ok = rule.from.includes(s as never) && (rule.arrived === undefined || rule.arrived === arrived);
          expect(transitionRefusal(a, s, arrived), `${a} from ${s} arrived=${arrived}`).toBe(ok ? null : 'state');
        }
  });

  it('offers each side its own buttons', () => {
    expect(allowedActions('3', false, ['applicant'])).toEqual(['submit', 'void']);
    expect(allowedActions('0', false, ['sender'])).toEqual(['approve', 'rejectOut']);
    expect(allowedActions('0', false, ['receiver'])).toEqual([]);
    expect(allowedActions('7', false, ['receiver'])).toEqual(['accept', 'rejectIn']);
    expect(allowedActions('2', false, ['receiver'])).toEqual(['arrive', 'terminate']);
    expect(allowedActions('2', true, ['receiver'])).toEqual(['close', 'terminate']);
    expect(allowedActions('2', true, ['applicant'])).toEqual([]);
    expect(allowedActions('4', true, ['applicant', 'sender', 'receiver'])).toEqual([]);
  });

  it('breaches strictly after the step limit', () => {
    const l = DEFAULT_REFERRAL_LIMITS;
    expect(waitingStep('0', false)).toBe('approval');
    expect(waitingStep('2', true)).toBe('close');
    expect(waitingStep('4', true)).toBeNull();
    expect(isBreached('0', false, 0, l, 24 * 3_600_000)).toBe(false);
    expect(isBreached('0', false, 0, l, 24 * 3_600_000 + 1)).toBe(true);
    expect(isBreached('7', false, 0, l, 48 * 3_600_000 + 1)).toBe(true);
    expect(isBreached('4', false, 0, l, 1e12)).toBe(false);
  });

  it('the two-week window starts on the closing day (UTC) and the month is UTC', () => {
    const at = Date.UTC(2030, 0, 31, 23, 59);
    expect(afterReferralWindow(at)).toEqual({
      planDate: Date.UTC(2030, 1, 13),
      windowStart: Date.UTC(2030, 0, 31),
      windowEnd: Date.UTC(2030, 1, 14) - 1,
    });
    expect(referralMonth(at)).toBe('2030-01');
  });
});
