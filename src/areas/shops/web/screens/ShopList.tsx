import { shop } from '@areas/shops/shared/entities/shop';
import { shopSettlement } from '@areas/shops/shared/entities/settlement';
import { BatchScreen } from '@web/engine/BatchScreen';
import { useT } from '@web/i18n';

/** 商铺信息: the shops above (新增 with their terminals, 结算, 暂停, 停业); the chosen shop's settlements below. */
export default function ShopList() {
  const t = useT();
  return (
    <BatchScreen
      testId="shop-screen"
      batch={shop}
      lines={shopSettlement}
      batchKey="shopId"
      running={() => false}
      progress={() => null}
      texts={{
        section: t('shops.settlements'),
        chosen: (row) => t('shops.settlementsOf', { name: String(row.name) }),
        choose: t('shops.choose'),
        progress: t('shops.settlements'),
        failed: () => '',
      }}
    />
  );
}
