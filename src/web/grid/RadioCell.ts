import { _stopPropagationForAgGrid, type ColDef, type ICellRendererComp, type ICellRendererParams, type IRowNode } from 'ag-grid-community';
import { translate } from '@web/i18n';

/**
 * Radio selection, which AG Grid Community does not draw: a real radio button per row (one
 * group per grid), bound to the row's selection. Space on a focused row selects it too (the
 * grid's own single-row selection), and the radio follows.
 */
export class RadioCell<T> implements ICellRendererComp<T> {
  private readonly gui = document.createElement('span');
  private readonly input = document.createElement('input');
  private node!: IRowNode<T>;
  private readonly sync = () => {
    this.input.checked = this.node.isSelected() === true;
  };

  init(params: ICellRendererParams<T>) {
    this.node = params.node;
    this.gui.className = 'grid-radio-cell';
    this.input.type = 'radio';
    this.input.tabIndex = -1;
    this.input.name = `grid-radio-${params.api.getGridId()}`;
    this.input.setAttribute('aria-label', translate('editGrid.selectRow'));
    this.input.addEventListener('click', (event) => {
      _stopPropagationForAgGrid(event);
      this.node.setSelected(true, true, 'checkboxSelected');
    });
    this.gui.append(this.input);
    this.gui.style.display = params.node.rowPinned ? 'none' : '';
    this.node.addEventListener('rowSelected', this.sync);
    this.sync();
  }

  getGui() {
    return this.gui;
  }

  refresh(params: ICellRendererParams<T>) {
    if (params.node !== this.node) return false;
    this.sync();
    return true;
  }

  destroy() {
    this.node.removeEventListener('rowSelected', this.sync);
  }
}

/** The radio column a grid puts first when it selects one row at a time. */
export function radioColumn<T>(): ColDef<T> {
  return {
    colId: '__radio',
    headerName: '',
    width: 48,
    pinned: 'left',
    lockPosition: 'left',
    sortable: false,
    resizable: false,
    editable: false,
    suppressMovable: true,
    suppressNavigable: false,
    cellRenderer: RadioCell,
    cellClass: 'grid-radio-column',
  };
}
