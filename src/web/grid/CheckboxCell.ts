import { _stopPropagationForAgGrid, type ICellRendererComp, type ICellRendererParams } from 'ag-grid-community';
import { fill, translate } from '@web/i18n';
import type { GridRow } from './types';

// The markup of AG Grid's own checkbox renderer (so the theme draws it the same), built by cloning
// instead of AG Grid's component tree: that one cost a scroll frame ~1 ms per new row.
const template = document.createElement('div');
template.className = 'ag-cell-wrapper ag-checkbox-cell';
template.setAttribute('role', 'presentation');
template.innerHTML =
  '<div class="ag-wrapper ag-input-wrapper ag-checkbox-input-wrapper" role="presentation"><input class="ag-input-field-input ag-checkbox-input" type="checkbox" tabindex="-1" aria-live="polite"></div>';

/**
 * A boolean cell: a checkbox that sets the value when clicked or on Space in the cell (as AG
 * Grid's agCheckboxCellRenderer does). Footer rows show nothing.
 */
export class CheckboxCell implements ICellRendererComp<GridRow> {
  private readonly gui = template.cloneNode(true) as HTMLElement;
  private readonly wrapper = this.gui.firstElementChild as HTMLElement;
  private readonly input = this.wrapper.firstElementChild as HTMLInputElement;
  private params!: ICellRendererParams<GridRow>;
  private cell: HTMLElement | null = null;

  private readonly onClick = (event: MouseEvent) => {
    _stopPropagationForAgGrid(event);
    if (!this.input.disabled) this.set(this.input.checked);
  };
  private readonly onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== ' ' || this.input.disabled) return;
    event.preventDefault();
    this.set(!this.input.checked);
  };

  init(params: ICellRendererParams<GridRow>) {
    this.input.addEventListener('click', this.onClick);
    this.input.addEventListener('dblclick', _stopPropagationForAgGrid);
    this.cell = params.eGridCell;
    this.cell.addEventListener('keydown', this.onKeyDown);
    this.refresh(params);
  }

  getGui() {
    return this.gui;
  }

  refresh(params: ICellRendererParams<GridRow>) {
    this.params = params;
    const { value, node, column } = params;
    // Footer rows have no value here: nothing rather than an indeterminate box.
    this.gui.style.display = node.rowPinned ? 'none' : '';
    const checked = value === true;
    this.input.checked = checked;
    this.input.indeterminate = value === null || value === undefined;
    this.wrapper.classList.toggle('ag-checked', checked);
    this.wrapper.classList.toggle('ag-indeterminate', value === null || value === undefined);
    const disabled = Boolean(node.rowPinned) || !column?.isCellEditable(node);
    this.input.disabled = disabled;
    this.wrapper.classList.toggle('ag-disabled', disabled);
    const state = translate(checked ? 'editGrid.checked' : 'editGrid.unchecked');
    this.input.setAttribute('aria-label', disabled ? state : fill(translate('editGrid.toggle'), { state }));
    return true;
  }

  private set(checked: boolean) {
    const { node, column } = this.params;
    if (column && !node.setDataValue(column, checked, 'ui')) this.refresh(this.params);
    // Shown at once: a second Space before the grid draws the cell again reads the new state.
    else this.input.checked = checked;
  }

  destroy() {
    this.cell?.removeEventListener('keydown', this.onKeyDown);
  }
}
