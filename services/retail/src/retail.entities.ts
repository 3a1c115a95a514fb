import { ProductEntity, SupplierEntity } from './catalogue/catalogue.entities';
import { RetailInit1796672048616 } from './migrations/1796672048616-retail-init';
import { RetailCheckout1796700000000 } from './migrations/1796700000000-retail-checkout';
import { CommissionRuleEntity, SaleEntity, SaleLineEntity, SaleReturnEntity, SaleTipEntity, TillCounterEntity } from './sale/sale.entities';
import { StockLevelEntity, StockMovementEntity } from './stock/stock.entities';

export const RETAIL_ENTITIES = [
  ProductEntity,
  SupplierEntity,
  StockLevelEntity,
  StockMovementEntity,
  SaleEntity,
  SaleLineEntity,
  SaleReturnEntity,
  SaleTipEntity,
  TillCounterEntity,
  CommissionRuleEntity,
];

export const RETAIL_MIGRATIONS = [RetailInit1796672048616, RetailCheckout1796700000000];
