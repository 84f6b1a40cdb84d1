// The one rule for a course's progress, on the server (the PUT's answer, My courses) and in the
// browser (the figure that changes at once): done ÷ total × 100, rounded down, so 100 only when
// everything is done; 0 for a course without materials.
export const percentDone = (done: number, total: number) => (total === 0 ? 0 : Math.floor((done * 100) / total));
