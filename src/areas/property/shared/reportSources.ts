/** 物业管理's source for the online reports (在线报表): the houses with their owners (选择房屋 is over it). */
import { owner } from '@shared/entities/members/owner';
import { col, of, type ReportSource } from '@shared/online/reportSources';
import { house } from './entities/house';

export const propertyReportSources: readonly ReportSource[] = [
  {
    code: 'houses',
    title: { 'zh-CN': '房屋', en: 'Houses' },
    columns: [
      col('name', '房屋', 'House', of(house, 'name')),
      col('building', '楼栋', 'Building', of(house, 'building')),
      col('unit', '单元', 'Unit', of(house, 'unit')),
      col('room', '房号', 'Room', of(house, 'room')),
      col('buildArea', '建筑面积', 'Floor area', of(house, 'buildArea'), 'quantity'),
      col('usage', '用途', 'Use', of(house, 'usage'), 'string', 'house_usage'),
      col('houseStatus', '房屋状态', 'State', of(house, 'houseStatus'), 'string', 'house_status'),
      col('ownerName', '业主', 'Owner', of(owner, 'name')),
      col('ownerPhone', '业主电话', 'Owner phone', of(owner, 'mobile')),
    ],
    readers: ['/property/houses', '/payments/property'],
    defaultSort: { column: 'name', order: 'asc' },
  },
];
