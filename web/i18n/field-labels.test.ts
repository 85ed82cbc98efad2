// The labels the property panel composes from the schema read as a user expects in both
// languages: a list's add button names one entry ("Add burst", not "Add Bursts"), a unit is
// written in the UI language, and a label with a unit carries it once.

import { afterEach, describe, expect, it } from 'vitest';
import { entryLabel, labelWithUnit, unitLabel } from './field-labels';
import { setLang, t } from './index';

afterEach(() => setLang('zh-CN', null));

describe('labels composed for the panel', () => {
  it('an add button names one entry of its list', () => {
    setLang('en', null);
    expect(t('addEntry', { name: entryLabel('systems[].bursts') })).toBe('Add burst');
    expect(t('addEntry', { name: entryLabel('systems[].forces') })).toBe('Add force');
    setLang('zh-CN', null);
    expect(t('addEntry', { name: entryLabel('systems[].bursts') })).toBe('添加爆发');
    // A list without an entry name keeps its own label.
    expect(entryLabel('systems[].textures')).toBe(labelWithUnit('systems[].textures', ''));
  });

  it('a unit is written in the UI language, once', () => {
    setLang('zh-CN', null);
    expect(unitLabel('×')).toBe('倍');
    expect(unitLabel('')).toBeUndefined();
    expect(labelWithUnit('systems[].rateCurve', '×').match(/倍/g)).toHaveLength(1);
    setLang('en', null);
    expect(unitLabel('deg/s')).toBe('°/s');
    expect(labelWithUnit('systems[].rateCurve', '×')).toBe('Rate over duration (×)');
  });
});
