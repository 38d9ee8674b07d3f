import AASACore
