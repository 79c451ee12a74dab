import { describe, expect, it } from 'vitest';
import * as contract from '@medalliance/contract';
import { LANGUAGES, LAYOUTS, MenuTypes } from './contractConstants.ts';

describe('web copies of contract constants', () => {
  it('match the contract exactly', () => {
    expect(LANGUAGES).toEqual(contract.LANGUAGES);
    expect(LAYOUTS).toEqual(contract.LAYOUTS);
    expect(MenuTypes).toEqual(contract.MenuTypes);
  });
});
