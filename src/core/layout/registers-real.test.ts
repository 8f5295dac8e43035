// Registers printed from HTML by Chromium (status reports, risk logs): tables whose cells run to many lines, with
// and without rules, cut by the page. Read from fixtures of their lines and rules (test/support/table-fixture.ts).
import { describe, expect, it } from 'vitest';
import { readTable as read, rowsOf, type TableFixture } from '../../../test/support/table-fixture';

describe('registers on pages printed from HTML', () => {
  it('reads a register without rules whose long descriptions stand between its other columns (a register printed from HTML)', () => {
    // Each description is a block of wide lines, level with its row's other cells: a table's column, not running text
    // beside the table (its lines had been left out of the rows, and the table read as prose).
    const { tables, texts } = read('register-unruled-p1');
    expect(tables).toHaveLength(1);
    const rows = rowsOf(tables[0]!, texts);
    expect(rows[0]!.cells).toEqual(['Item', 'Owner', 'Description', 'Status']);
    expect(rows.slice(1).map((r) => r.cells[0])).toEqual(['Backup testing D26', 'Training plan D24', 'Travel policy C21', 'Incident drills D21', 'Access review C21']);
    // "16)" under "Under review (Q3" ends the cell: a bracket that closes nothing is no amount of a row of its own.
    expect(rows[2]!.cells).toEqual(['Training plan D24', 'Risk office', 'As is shown in the writings of Hume, the noumena should only be used as a canon for the Categories.', 'Under review (Q3 16)']);
  });

  it('joins each line as close as a cell’s lines to its row, where the rows are padded apart (a register printed from HTML)', () => {
    const { tables, texts } = read('register-padded-p2');
    const register = tables.map((t) => rowsOf(t, texts)).find((rows) => rows[0]!.cells[0] === 'Item')!;
    expect(register.slice(1).map((r) => r.cells[0])).toEqual(['Vendor audit B8', 'Data retention A6', 'Backup testing D1', 'Key rotation A6', 'Vendor audit C26']);
    // The description ends a sentence on the row's first line; the stub, owner and status go on beneath it.
    expect(register[2]!.cells).toEqual(['Data retention A6', 'People team', 'Still, time is by its very nature contradictory.', 'Not started (Q1 45)']);
  });

  it('reads the two rows of a table ruled under every row, cut at the top of a page, as rows, not a heading over one (the same page)', () => {
    // Three rules, as booktabs sets them; but the cells above the middle one end sentences, as no heading does.
    const { tables, texts } = read('register-padded-p2');
    const cut = tables.map((t) => ({ t, rows: rowsOf(t, texts) })).find(({ rows }) => rows[0]!.cells[0] === 'Incident drills C5')!;
    expect(cut.rows.map((r) => r.cells[0])).toEqual(['Incident drills C5', 'Backup testing A13']);
    expect(cut.rows[0]!.cells[2]).toBe('As I have elsewhere shown, the Ideal is a body of demonstrated science, and some of it must be known a priori, as is evident upon close examination.');
    expect(cut.t.table.cells.filter((c) => c.row === 0 && c.col > 0).some((c) => c.header)).toBe(false);
  });

  it('takes a register’s headings and first row at the foot of a page for a table (a register printed from HTML)', () => {
    const { tables, texts } = read('register-foot-p3');
    const foot = tables.map((t) => rowsOf(t, texts)).find((rows) => rows.length === 2);
    expect(foot?.map((r) => r.cells)).toEqual([
      ['Item', 'Owner', 'Description', 'Status'],
      ['Travel policy B19', 'Facilities', 'Since none of the noumena are hypothetical, there can be no doubt that, in particular, our knowledge, in other words, is the clue to the discovery of the things in themselves.', 'Not started (Q3 12)'],
    ]);
  });

  it('reads a table ruled under every row, cut at the top of a page, without a heading (a register printed from HTML)', () => {
    // The page draws its rules light grey (#ccc), which the layout leaves alone (taken for rules, they cost more tables
    // than they mended: shaded heading bands, rules under a dark band); the fixture draws them as rules.
    const rows = (f?: (x: TableFixture) => TableFixture) => {
      const { tables, texts } = read('register-cut-p3', f);
      return tables.map((t) => ({ t, rows: rowsOf(t, texts) })).find(({ rows }) => rows[0]!.cells[0] === 'Data retention A2');
    };
    const firsts = ['Data retention A2', 'Backup testing B12', 'Travel policy C22', 'Incident drills D8'];
    const framed = rows()!;
    expect(framed.rows.map((r) => r.cells[0])).toEqual(firsts);
    expect(framed.rows[2]!.cells).toEqual(['Travel policy C22', 'Procurement', 'In all theoretical sciences, the paralogisms of human reason would be falsified, as is proven in the ontological manuals.', 'Under review (Q2 10)']);
    // Ruled only under its rows (no rule over the page's first row): the lines above the first rule end a cell's
    // sentence, so they are that row's last lines, the row's other lines above them, and no heading.
    const open = rows((f) => ({ ...f, rulings: { ...f.rulings, horizontal: f.rulings.horizontal.filter((h) => h.at > 200) } }))!;
    expect(open.rows.map((r) => r.cells[0])).toEqual(firsts);
    expect(open.rows[0]!.cells[2]).toMatch(/^As is evident upon close examination, to avoid all misapprehension, .* the Categories\.$/);
    expect(open.t.table.cells.filter((c) => c.row === 0 && c.col > 0).some((c) => c.header)).toBe(false);
  });

  it('reads a ruled grid going on from the page before without a heading: its first row’s cells end sentences (a register printed from HTML)', () => {
    const { tables, texts } = read('grid-continued-p5');
    const going = tables.find((t) => rowsOf(t, texts)[0]!.cells[0] === 'Backup testing D17')!;
    expect(rowsOf(going, texts).map((r) => r.cells[0])).toEqual(['Backup testing D17', 'Data retention B3', 'Key rotation A26', 'Travel policy B6', 'Incident drills B1']);
    expect(going.table.cells.filter((c) => c.row === 0 && c.col > 0).some((c) => c.header)).toBe(false);
    // The table under the paragraph has its heading row.
    const headed = tables.find((t) => rowsOf(t, texts)[0]!.cells[0] === 'Item')!;
    expect(rowsOf(headed, texts)[0]!.header.every(Boolean)).toBe(true);
  });

  it('reads a register without rules going on from the page before without a heading (a register printed from HTML)', () => {
    // No heading row on this page: the first row's cells end sentences, as no heading does.
    const { tables, texts } = read('register-continued-p5');
    const going = tables.find((t) => rowsOf(t, texts)[0]!.cells[0] === 'Key rotation D16')!;
    expect(rowsOf(going, texts).map((r) => r.cells[0])).toEqual(['Key rotation D16', 'Training plan C21', 'Training plan D26']);
    expect(going.table.cells.filter((c) => c.row === 0 && c.col > 0).some((c) => c.header)).toBe(false);
  });

  it('reads a register’s last two rows at the top of a page as a table, the cell’s last line above them no heading (a register printed from HTML)', () => {
    const { tables, texts, markdown } = read('register-last-rows-p6');
    const last = tables.map((t) => rowsOf(t, texts)).find((rows) => rows[0]!.cells[0] === 'Vendor audit D12');
    expect(last?.map((r) => r.cells[0])).toEqual(['Vendor audit D12', 'Training plan C20']);
    expect(last?.[1]!.cells[3]).toBe('Not started (Q2 10)');
    // "Categories." ends a description begun on the page before: text, not a heading over the columns.
    expect(markdown).toMatch(/^Categories\.$/m);
  });

  it('closes a ruled grid whose right border is too faint to find where its rules end (a register printed from HTML)', () => {
    const { tables, texts } = read('grid-open-right-p3');
    const grid = tables.map((t) => rowsOf(t, texts)).find((rows) => rows[0]!.cells[0] === 'Item')!;
    expect(grid[0]!.cells).toEqual(['Item', 'Owner', 'Description', 'Status']);
    expect(grid.slice(1).map((r) => r.cells[3])).toEqual(['Complete (Q2 42)', 'On track (Q4 80)', 'Delayed (Q3 66)', 'Not started (Q2 67)', 'Not started (Q2 39)']);
  });
});
