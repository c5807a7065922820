import { describe, expect, it } from 'vitest';
import { changeSetting, COLOR_PRESETS, contrastRatio, DEFAULT_SETTINGS, primaryShades, sanitiseSettings } from '@shared/settings';

describe('appearance settings', () => {
  it('starts from the spec defaults', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({ primaryColor: '#1890FF', navTheme: 'light', layout: 'sidemenu', contentWidth: 'Fixed', multipage: true });
    expect(COLOR_PRESETS).toHaveLength(8);
    expect(COLOR_PRESETS[0].color).toBe('#1890FF');
  });

  it('changing layout resets fixed side menu to off', () => {
    const fixed = changeSetting(DEFAULT_SETTINGS, 'fixSiderbar', true);
    expect(fixed.fixSiderbar).toBe(true);
    expect(changeSetting(fixed, 'layout', 'topmenu').fixSiderbar).toBe(false);
    const back = changeSetting(changeSetting(DEFAULT_SETTINGS, 'layout', 'topmenu'), 'layout', 'sidemenu');
    expect(back.fixSiderbar).toBe(false);
  });

  it('turning off fixed header also turns off hide-header', () => {
    const on = changeSetting(changeSetting(DEFAULT_SETTINGS, 'fixedHeader', true), 'autoHideHeader', true);
    expect(on.autoHideHeader).toBe(true);
    expect(changeSetting(on, 'fixedHeader', false)).toMatchObject({ fixedHeader: false, autoHideHeader: false });
  });

  it('hide-header cannot be on without a fixed header', () => {
    expect(changeSetting(DEFAULT_SETTINGS, 'autoHideHeader', true).autoHideHeader).toBe(false);
  });

  it('fixed side menu is forced off in top-menu mode', () => {
    const top = changeSetting(DEFAULT_SETTINGS, 'layout', 'topmenu');
    expect(changeSetting(top, 'fixSiderbar', true).fixSiderbar).toBe(false);
  });

  it('reads stored settings defensively', () => {
    expect(sanitiseSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(sanitiseSettings({ primaryColor: 'red', navTheme: 'purple', layout: 'topmenu', fixSiderbar: true, autoHideHeader: true })).toMatchObject({
      primaryColor: '#1890FF',
      navTheme: 'light',
      layout: 'topmenu',
      fixSiderbar: false,
      autoHideHeader: false,
    });
  });

  it('derives hover, active and soft shades from the theme colour', () => {
    expect(primaryShades('#1890FF')).toEqual({
      '--color-primary': '#1890ff',
      '--color-primary-hover': '#46a6ff',
      '--color-primary-active': '#147ad9',
      '--color-primary-soft': '#e8f4ff',
      '--color-primary-strong': '#126dc2',
    });
    expect(() => primaryShades('not-a-colour')).toThrow();
  });

  it('derives, for every preset colour, a text and button shade that meets WCAG AA on white and on its soft shade', () => {
    for (const { color } of COLOR_PRESETS) {
      const shades = primaryShades(color);
      const strong = shades['--color-primary-strong']!;
      expect(contrastRatio(strong, '#ffffff'), color).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(strong, shades['--color-primary-soft']!), color).toBeGreaterThanOrEqual(4.5);
    }
    // The theme colour itself is kept where it reads (a dark preset needs no darker shade).
    expect(primaryShades('#1890ff')['--color-primary']).toBe('#1890ff');
    expect(contrastRatio('#1890ff', '#ffffff')).toBeLessThan(4.5);
  });
});
