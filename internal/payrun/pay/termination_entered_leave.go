package pay

// enteredLeave adds to bal (leave category -> hours in millionths) the
// leave the client entered on the final run itself (P/leaveaccrued, kept
// as user-entered lines): an accrual or an adjustment counts with its
// sign, leave taken without a leave request is taken off. A balance
// entered on the final pay is part of the balance at the period's end
// that terminationLines pays out (Fair Work Act s 90(2), WTR 1998 reg 14,
// Employment Act s 43, Holidays Act ss 23-25), and the payout takes it
// back off at finalise. Leave taken for a leave request is left to the
// request (the run's leave sources take it off once).
func enteredLeave(bal map[int64]int64, kept []line) {
	for i := range kept {
		l := &kept[i]
		if l.Kind != KindLeaveAccrued || !l.UserEntered {
			continue
		}
		h, err := ParseRate(l.Units)
		if err != nil || h.IsZero() {
			continue
		}
		switch l.Subtype {
		case "LeaveTaken":
			if l.LeaveRequestID == 0 {
				bal[l.CategoryID] -= hoursE6(h)
			}
		default:
			bal[l.CategoryID] += hoursE6(h)
		}
	}
}
