import { useT } from '@web/i18n';

export default function TestHome() {
  const t = useT();
  return (
    <section className="rounded bg-surface p-6" data-testid="test-home">
      <p>{t('test.body')}</p>
    </section>
  );
}
