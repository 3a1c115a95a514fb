import { ProductEntity, SupplierEntity } from './catalogue/catalogue.entities';
import { RetailInit1796672048616 } from './migrations/1796672048616-retail-init';
import { SaleEntity, SaleLineEntity, SaleReturnEntity } from './sale/sale.entities';
import { StockLevelEntity, StockMovementEntity } from './stock/stock.entities';

export const RETAIL_ENTITIES = [
  ProductEntity,
  SupplierEntity,
  StockLevelEntity,
  StockMovementEntity,
  SaleEntity,
  SaleLineEntity,
  SaleReturnEntity,
];

export const RETAIL_MIGRATIONS = [RetailInit1796672048616];
