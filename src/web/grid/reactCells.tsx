import type { ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { ICellEditorComp, ICellEditorParams, ICellRendererComp, ICellRendererParams } from 'ag-grid-community';
import type { CustomCellEditorProps, CustomCellRendererProps } from 'ag-grid-react';

// The editable grid runs AG Grid without its React layer (rows and cells as React components cost
// most of a scroll frame); the few React cells it has get a root of their own through these.

/** Unmount after the current event or render: AG Grid destroys components from inside them. */
const unmountLater = (root: Root) => queueMicrotask(() => root.unmount());

/** A React editor as an AG Grid editor class, with the props ag-grid-react would give it. */
export function reactEditor<P extends object>(Component: ComponentType<CustomCellEditorProps & P>): new () => ICellEditorComp {
  return class ReactCellEditor implements ICellEditorComp {
    private readonly host = document.createElement('div');
    private readonly root = createRoot(this.host);
    private params!: ICellEditorParams & P;
    private value: unknown;

    init(params: ICellEditorParams & P) {
      this.params = params;
      this.value = params.value;
      // Inline editors fill the cell, as they do when ag-grid-react renders them in it.
      this.host.style.height = '100%';
      this.render();
    }
    private render() {
      // Not flushed: the editor mounts once the grid has attached the host, so its focus() lands.
      this.root.render(
        <Component
          {...this.params}
          initialValue={this.params.value}
          value={this.value}
          onValueChange={(value: unknown) => {
            this.value = value;
            this.render();
          }}
        />,
      );
    }
    getGui() {
      return this.host;
    }
    getValue() {
      return this.value;
    }
    destroy() {
      unmountLater(this.root);
    }
  };
}

/** A React cell renderer as an AG Grid renderer class; only for rare cells (a root per cell). */
export function reactRenderer<P extends object>(Component: ComponentType<CustomCellRendererProps & P>): new () => ICellRendererComp {
  return class ReactCellRenderer implements ICellRendererComp {
    private readonly host = document.createElement('div');
    private readonly root = createRoot(this.host);

    init(params: ICellRendererParams & P) {
      this.host.style.height = '100%';
      this.root.render(<Component {...params} />);
    }
    getGui() {
      return this.host;
    }
    refresh(params: ICellRendererParams & P) {
      this.root.render(<Component {...params} />);
      return true;
    }
    destroy() {
      unmountLater(this.root);
    }
  };
}
