import type { Config } from 'tailwindcss';

/**
 * Theme tokens. Colours read CSS variables so the theme colour (settings drawer) and the menu
 * theme can change at run time; the defaults live in src/web/styles.css.
 */
export default {
  content: ['./src/web/**/*.{ts,tsx,html}', './commands/**/*.ts'],
  theme: {
    extend: {
      colors: {
        primary: {
          DEFAULT: 'var(--color-primary)',
          hover: 'var(--color-primary-hover)',
          active: 'var(--color-primary-active)',
          soft: 'var(--color-primary-soft)',
          /** Text and filled buttons: the theme colour's shade that meets WCAG AA. */
          strong: 'var(--color-primary-strong)',
          foreground: '#ffffff',
        },
        surface: 'var(--color-surface)',
        canvas: 'var(--color-canvas)',
        border: 'var(--color-border)',
        text: {
          DEFAULT: 'var(--color-text)',
          muted: 'var(--color-text-muted)',
        },
        // antd's red-7: error text and danger buttons meet WCAG AA on white.
        danger: '#cf1322',
        warning: '#faad14',
        success: '#52c41a',
        sider: {
          DEFAULT: 'var(--sider-bg)',
          text: 'var(--sider-text)',
          hover: 'var(--sider-hover)',
          active: 'var(--sider-active-bg)',
          'active-text': 'var(--sider-active-text)',
          sub: 'var(--sider-sub-bg)',
        },
      },
      width: { sider: '200px', 'sider-collapsed': '80px' },
      spacing: { header: '64px', tabs: '52px' },
      fontFamily: {
        sans: ['-apple-system', 'BlinkMacSystemFont', '"Segoe UI"', '"PingFang SC"', '"Hiragino Sans GB"', '"Microsoft YaHei"', '"Noto Sans CJK SC"', '"Helvetica Neue"', 'Arial', 'sans-serif'],
      },
      boxShadow: { header: '0 1px 4px rgba(0, 21, 41, 0.08)', sider: '2px 0 8px rgba(29, 35, 41, 0.08)' },
    },
  },
} satisfies Config;
